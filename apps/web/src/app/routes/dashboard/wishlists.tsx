import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { WishlistsPage } from '../../../features/wishlists/components/wishlists-page';

export function WishlistsRoute() {
  return (
    <DashboardPage title="Wishlists">
      <WishlistsPage />
    </DashboardPage>
  );
}
