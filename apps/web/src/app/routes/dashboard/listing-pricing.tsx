import { useParams } from 'react-router';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { ListingPricingPage } from '../../../features/hosting/components/listing-pricing-page';
import { i18n } from '../../../lib/i18n';

/** `/dashboard/listings/:id/pricing`: one of the host's listings, its prices, availability and stay rules. */
export function ListingPricingRoute() {
  const { id = '' } = useParams();
  return (
    <DashboardPage title={i18n.t('Pricing and availability')}>
      <ListingPricingPage key={id} roomId={id} />
    </DashboardPage>
  );
}
