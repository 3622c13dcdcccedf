import { PRODUCT_NAME } from '@staybook/domain/product';
import type { Trip } from '@staybook/domain/trips';
import { ReviewPage } from '../../../features/reviews/components/review-page';
import { WithTrip } from '../../../features/trips/components/with-trip';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** `/dashboard/trips/:bookingId/review`: the stay's guest or the room's host reviews it (the review mail links here). */
export function ReviewRoute() {
  return <WithTrip>{(trip) => <ReviewTitled trip={trip} />}</WithTrip>;
}

function ReviewTitled({ trip }: { trip: Trip }) {
  useDocumentTitle(`Write a review · ${trip.room.title} | ${PRODUCT_NAME}`);
  return <ReviewPage trip={trip} />;
}
