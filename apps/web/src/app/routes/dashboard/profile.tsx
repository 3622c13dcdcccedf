import { mayUse } from '@staybook/domain/access';
import { PRODUCT_NAME } from '@staybook/domain/product';
import { DashboardPageHeading } from '../../../features/dashboard/components/dashboard-page-heading';
import { AccessTokensSection } from '../../../features/profile/components/access-tokens-section';
import { ProfileCard } from '../../../features/profile/components/profile-card';
import { WebhooksSection } from '../../../features/profile/components/webhooks-section';
import { useRole } from '../../../features/users/api/use-role';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function ProfileRoute() {
  const { role } = useRole();
  useDocumentTitle(`Profile | ${PRODUCT_NAME}`);
  return (
    <section>
      <DashboardPageHeading title="Profile" />
      <ProfileCard />
      <AccessTokensSection />
      {role && mayUse(role, 'webhooks') && <WebhooksSection />}
    </section>
  );
}
