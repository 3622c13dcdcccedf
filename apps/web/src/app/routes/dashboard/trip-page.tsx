import { PRODUCT_NAME } from '@staybook/domain/product';
import type { Trip } from '@staybook/domain/trips';
import { BookingThread } from '../../../features/messages/components/booking-thread';
import { TripReviews } from '../../../features/reviews/components/trip-reviews';
import { TripDetails } from '../../../features/trips/components/trip-details';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/**
 * The trip page: the stay's details (the trips feature), with its reviews once it is over and its messages last,
 * each from its own feature, put together here so that no feature imports another's components for it.
 */
export function TripPage({ trip }: { trip: Trip }) {
  useDocumentTitle(`${trip.reference} · ${trip.room.title} | ${PRODUCT_NAME}`);
  return (
    <TripDetails
      trip={trip}
      reviews={trip.booking.state === 'past' ? <TripReviews trip={trip} /> : null}
      messages={<BookingThread bookingId={trip.booking._id} />}
    />
  );
}
