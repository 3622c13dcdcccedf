import { WithTrip } from '../../../features/trips/components/with-trip';
import { TripPage } from './trip-page';

/** `/dashboard/trips/:bookingId`: any signed-in user may open it; the API answers only the stay's guest and host. */
export function TripRoute() {
  return <WithTrip>{(trip) => <TripPage trip={trip} />}</WithTrip>;
}
