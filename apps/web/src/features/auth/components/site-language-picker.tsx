import { LanguagePicker } from '../../../components/language-picker';
import { saveLanguage } from '../api/auth-api';
import { useAuth } from '../hooks/use-auth';

/**
 * The language picker of the footer and Profile (decision 062): for a signed-in person the choice is also saved on
 * their account, so their mails follow it and a browser they sign in on takes it; signed out it stays on this device.
 */
export function SiteLanguagePicker({ id, className }: { id: string; className?: string }) {
  const { user } = useAuth();
  return <LanguagePicker id={id} className={className} save={user ? saveLanguage : undefined} />;
}
