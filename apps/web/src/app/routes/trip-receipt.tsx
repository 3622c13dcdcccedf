import { PRODUCT_NAME } from '@staybook/domain/product';
import type { Trip } from '@staybook/domain/trips';
import { TripReceipt } from '../../features/trips/components/trip-receipt';
import { WithTrip } from '../../features/trips/components/with-trip';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { i18n } from '../../lib/i18n';

/** `/dashboard/trips/:bookingId/receipt`: the printable receipt, outside the dashboard's frame. */
export function TripReceiptRoute() {
  return <WithTrip>{(trip) => <ReceiptPage trip={trip} />}</WithTrip>;
}

function ReceiptPage({ trip }: { trip: Trip }) {
  useDocumentTitle(i18n.t('Receipt {reference} | {product}', { reference: trip.reference, product: PRODUCT_NAME }));
  return <TripReceipt trip={trip} />;
}
