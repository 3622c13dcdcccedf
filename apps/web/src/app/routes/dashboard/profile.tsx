import { mayUse } from '@staybook/domain/access';
import { PRODUCT_NAME } from '@staybook/domain/product';
import { DashboardPageHeading } from '../../../features/dashboard/components/dashboard-page-heading';
import { AccessTokensSection } from '../../../features/profile/components/access-tokens-section';
import { ProfileCard } from '../../../features/profile/components/profile-card';
import { ProfileSection } from '../../../features/profile/components/profile-section';
import { SiteLanguagePicker } from '../../../features/auth/components/site-language-picker';
import { WebhooksSection } from '../../../features/profile/components/webhooks-section';
import { useRole } from '../../../features/users/api/use-role';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { i18n } from '../../../lib/i18n';

export function ProfileRoute() {
  const { role } = useRole();
  useDocumentTitle(i18n.t('Profile | {product}', { product: PRODUCT_NAME }));
  return (
    <section>
      <DashboardPageHeading title={i18n.t('Profile')} />
      <ProfileCard />
      <ProfileSection title={i18n.t('Language')} description={i18n.t('The language StayBook is shown in on this device, and the one we write your e-mails in.')}>
        <SiteLanguagePicker id="profile-language" />
      </ProfileSection>
      <AccessTokensSection />
      {role && mayUse(role, 'webhooks') && <WebhooksSection />}
    </section>
  );
}
