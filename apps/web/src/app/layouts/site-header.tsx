import { Container } from '../../components/container';
import { LogoLink } from '../../components/logo-link';
import { HostYourHomeButton } from './host-your-home-button';
import { ProfileMenu } from './profile-menu';

export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-20 border-b border-neutral-200 bg-white shadow-sm">
      <Container>
        <div className="flex h-20 items-center justify-between gap-3">
          <LogoLink className="shrink-0" />
          <div className="flex items-center gap-2">
            <HostYourHomeButton />
            <ProfileMenu />
          </div>
        </div>
      </Container>
    </header>
  );
}
