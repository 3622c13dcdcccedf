import { APP_PATHS } from '@staybook/domain/app-routes';
import { bookingIdSchema } from '@staybook/domain/bookings';
import type { Trip } from '@staybook/domain/trips';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { WithRecord } from '../../../components/with-record';
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
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-neutral-900">{i18n.t('Booking not found')}</h1>
      <p className="text-neutral-600">
        {i18n.t(
          'This booking does not exist, or it belongs to another account. Your stays are in My Bookings, and the stays in your rooms in Manage Bookings.',
        )}
      </p>
      <Link
        to={APP_PATHS.myBookings}
        className="rounded-lg border-2 border-rose-600 bg-rose-600 px-5 py-2.5 text-sm font-semibold text-white transition hover:border-rose-700 hover:bg-rose-700"
      >
        {i18n.t('Go to My Bookings')}
      </Link>
    </section>
  );
}
