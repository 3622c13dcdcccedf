import { APP_PATHS } from '@staybook/domain/app-routes';
import { bookingIdSchema } from '@staybook/domain/bookings';
import type { Trip } from '@staybook/domain/trips';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { RecordNotFound, WithRecord } from '../../../components/with-record';
import { ApiRequestError } from '../../../lib/api-client';
import { useTrip } from '../api/use-trip';
import { i18n } from '../../../lib/i18n';

/**
 * The stay the address names, once it has arrived: a loader meanwhile, 'Booking not found' for an id that names
 * no stay of the signed-in user's (the server answers 404 to anyone but its guest and host), and the error
 * screen with 'Try again' when the server could not answer.
 */
export function WithTrip({ children }: { children: (trip: Trip) => ReactNode }) {
  const { bookingId = '' } = useParams();
  // A malformed id names no booking: no request, the not-found state straight away.
  const wellFormed = bookingIdSchema.safeParse(bookingId).success;
  const trip = useTrip(bookingId, { enabled: wellFormed });

  return (
    <WithRecord query={trip} missing={!wellFormed || isNotFound(trip.error)} notFound={<TripNotFound />}>
      {children}
    </WithRecord>
  );
}

function isNotFound(error: Error | null): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || (error.status === 400 && 'bookingId' in error.fields));
}

function TripNotFound() {
  return (
    <RecordNotFound
      title={i18n.t('Booking not found')}
      text={i18n.t(
        'This booking does not exist, or it belongs to another account. Your stays are in My Bookings, and the stays in your rooms in Manage Bookings.',
      )}
      action={{ to: APP_PATHS.myBookings, label: i18n.t('Go to My Bookings') }}
    />
  );
}
