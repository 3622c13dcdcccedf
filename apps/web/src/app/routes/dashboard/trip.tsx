import { PRODUCT_NAME } from '@staybook/domain/product';
import type { Trip } from '@staybook/domain/trips';
import { TripDetails } from '../../../features/trips/components/trip-details';
import { WithTrip } from '../../../features/trips/components/with-trip';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** `/dashboard/trips/:bookingId`: any signed-in user may open it; the API answers only the stay's guest and host. */
export function TripRoute() {
  return <WithTrip>{(trip) => <TripPage trip={trip} />}</WithTrip>;
}

function TripPage({ trip }: { trip: Trip }) {
  useDocumentTitle(`${trip.reference} · ${trip.room.title} | ${PRODUCT_NAME}`);
  return <TripDetails trip={trip} />;
}
