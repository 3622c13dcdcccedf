import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { WishlistsPage } from '../../../features/wishlists/components/wishlists-page';
import { i18n } from '../../../lib/i18n';

export function WishlistsRoute() {
  return (
    <DashboardPage title={i18n.t('Wishlists')}>
      <WishlistsPage />
    </DashboardPage>
  );
}
