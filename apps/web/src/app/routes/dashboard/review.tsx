import { PRODUCT_NAME } from '@staybook/domain/product';
import type { Trip } from '@staybook/domain/trips';
import { ReviewPage } from '../../../features/reviews/components/review-page';
import { WithTrip } from '../../../features/trips/components/with-trip';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { i18n } from '../../../lib/i18n';

/** `/dashboard/trips/:bookingId/review`: the stay's guest or the room's host reviews it (the review mail links here). */
export function ReviewRoute() {
  return <WithTrip>{(trip) => <ReviewTitled trip={trip} />}</WithTrip>;
}

function ReviewTitled({ trip }: { trip: Trip }) {
  useDocumentTitle(i18n.t('Write a review · {title} | {product}', { title: trip.room.title, product: PRODUCT_NAME }));
  return <ReviewPage trip={trip} />;
}
