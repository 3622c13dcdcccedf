import { PRODUCT_NAME } from '@staybook/domain/product';
import { DashboardPageHeading } from '../../../features/dashboard/components/dashboard-page-heading';
import { AccessTokensSection } from '../../../features/profile/components/access-tokens-section';
import { ProfileCard } from '../../../features/profile/components/profile-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function ProfileRoute() {
  useDocumentTitle(`Profile | ${PRODUCT_NAME}`);
  return (
    <section>
      <DashboardPageHeading title="Profile" />
      <ProfileCard />
      <AccessTokensSection />
    </section>
  );
}
