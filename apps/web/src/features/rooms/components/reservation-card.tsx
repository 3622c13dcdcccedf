import { formatIsoDate, formatMoney, nightsBetween, stayTotalCents, type Room } from '@staybook/domain';
import { Suspense } from 'react';
import { Loader } from '../../../components/loader';
import { lazyPage } from '../../../lib/lazy-page';

// The calendar pulls in react-day-picker and date-fns: load them only when a room is shown.
const AvailabilityCalendar = lazyPage(() => import('./availability-calendar'), 'AvailabilityCalendar');

export function ReservationCard({ room }: { room: Room }) {
  // A malformed range has no price; show none rather than break the page.
  const total =
    nightsBetween(room.from, room.to) > 0
      ? formatMoney(stayTotalCents(room.priceCents, room.from, room.to))
      : null;

  return (
    <section aria-label="Reservation" className="overflow-hidden rounded-xl border border-neutral-200 bg-white">
      <p className="flex items-baseline gap-1 p-4">
        <span className="text-2xl font-semibold text-neutral-900">{formatMoney(room.priceCents)}</span>
        <span className="font-light text-neutral-600">night</span>
      </p>
      <hr className="border-neutral-200" />
      {/* Reserves the calendar's height (six fixed weeks) so the card does not jump when it arrives. */}
      <div className="min-h-[328px] px-2 py-3">
        <Suspense fallback={<Loader size="short" />}>
          <AvailabilityCalendar from={room.from} to={room.to} />
        </Suspense>
      </div>
      <p className="px-4 pb-3 text-center text-sm text-neutral-500">
        {`Available ${formatIsoDate(room.from)} – ${formatIsoDate(room.to)}`}
      </p>
      <hr className="border-neutral-200" />
      {/* The Reserve button joins here with the booking issue. */}
      {total !== null && (
        <div className="flex items-center justify-between p-4 text-lg font-semibold text-neutral-900">
          <span>Total</span>
          <span>{total}</span>
        </div>
      )}
    </section>
  );
}
