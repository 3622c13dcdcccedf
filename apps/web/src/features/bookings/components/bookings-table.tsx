import { APP_PATHS, reviewPath, tripPath } from '@staybook/domain/app-routes';
import type { Booking } from '@staybook/domain/bookings';
import { formatIsoDate } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import { countOf } from '@staybook/domain/text';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { RoomTitleCell, RowAction } from '../../../components/table-cells';
import type { BookingsView } from '../api/booking-keys';
import { useBookings } from '../api/use-bookings';
import { CancelBookingDialog } from './cancel-booking-dialog';

/**
 * My Bookings ('mine': the stays the user booked, with their hosts) and Manage Bookings ('managed':
 * the stays on the user's rooms, with their guests). Upcoming stays can be cancelled; the others
 * stay listed, marked as what they are.
 */
export function BookingsTable({ view }: { view: BookingsView }) {
  const bookings = useBookings(view);
  const [cancelling, setCancelling] = useState<Booking | null>(null);

  const columns: Column<Booking>[] = [
    { header: 'Title', cell: (booking) => <StayTitle booking={booking} /> },
    view === 'mine'
      ? { header: 'Info', cell: (booking) => <Party person={booking.host} /> }
      : { header: 'Guest Info', cell: (booking) => <Party person={booking.guest} withEmail /> },
    { header: 'Price', cell: (booking) => formatMoney(booking.priceCents), className: 'whitespace-nowrap' },
    { header: 'From', cell: (booking) => formatIsoDate(booking.from), className: 'whitespace-nowrap' },
    { header: 'To', cell: (booking) => formatIsoDate(booking.to), className: 'whitespace-nowrap' },
    { header: 'Guests', cell: (booking) => countOf(booking.guests, 'guest'), className: 'whitespace-nowrap' },
    {
      header: 'Action',
      cell: (booking) =>
        booking.cancellable ? (
          <RowAction tone="danger" onClick={() => setCancelling(booking)}>
            Cancel
          </RowAction>
        ) : (
          <div className="flex flex-col items-start gap-2">
            <StayState booking={booking} />
            {booking.review?.canWrite && (
              <Link
                to={reviewPath(booking._id)}
                className="rounded-full bg-amber-100 px-3 py-1 font-semibold whitespace-nowrap text-amber-900 transition hover:bg-amber-200"
              >
                Write a review
              </Link>
            )}
          </div>
        ),
    },
  ];

  return (
    <>
      <DataTable
        label={view === 'mine' ? 'My bookings' : 'Bookings on my rooms'}
        columns={columns}
        query={bookings}
        rowKey={(booking) => booking._id}
        empty={<NoBookings view={view} />}
      />
      {cancelling && (
        <CancelBookingDialog key={cancelling._id} booking={cancelling} view={view} onClose={() => setCancelling(null)} />
      )}
    </>
  );
}

/** The room's title links to the stay's trip page; the reference under it tells two stays in one room apart. */
function StayTitle({ booking }: { booking: Booking }) {
  const referenceId = useId();
  return (
    <RoomTitleCell image={booking.image}>
      <Link
        to={tripPath(booking._id)}
        aria-describedby={referenceId}
        className="font-medium text-neutral-900 underline-offset-2 hover:underline"
      >
        {booking.title}
      </Link>
      <p className="text-xs text-neutral-500">{booking.location}</p>
      <p id={referenceId} className="font-mono text-xs text-neutral-600">
        {booking.reference}
      </p>
    </RoomTitleCell>
  );
}

function Party({ person, withEmail = false }: { person: Booking['guest']; withEmail?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3 text-left">
      <Avatar src={person.image} alt="" size={40} />
      <div className="min-w-0">
        <p className="font-medium whitespace-nowrap text-neutral-900">{person.name}</p>
        {withEmail && <p className="text-xs break-all text-neutral-500">{person.email}</p>}
      </div>
    </div>
  );
}

const STATE_CLASS = 'inline-block rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap';

function StayState({ booking }: { booking: Booking }) {
  switch (booking.state) {
    case 'cancelled':
      return (
        <span className={`${STATE_CLASS} bg-neutral-100 text-neutral-700`}>
          {booking.refundedCents === booking.priceCents
            ? `Cancelled · refunded ${formatMoney(booking.refundedCents)}`
            : `Cancelled · refunded ${formatMoney(booking.refundedCents)} of ${formatMoney(booking.priceCents)}`}
        </span>
      );
    case 'past':
      return <span className={`${STATE_CLASS} bg-neutral-100 text-neutral-700`}>Past</span>;
    case 'in-progress':
      return <span className={`${STATE_CLASS} bg-green-100 text-green-900`}>In progress</span>;
    case 'upcoming':
      return <span className={`${STATE_CLASS} bg-sky-100 text-sky-900`}>Upcoming</span>;
  }
}

function NoBookings({ view }: { view: BookingsView }) {
  return view === 'mine' ? (
    <EmptyState
      title="No bookings yet"
      text="When you reserve a stay, it appears here with its dates and price."
      action={{ to: APP_PATHS.home, label: 'Browse stays' }}
    />
  ) : (
    <EmptyState
      title="No bookings on your rooms yet"
      text="When a guest reserves one of your rooms, the stay appears here."
      action={{ to: APP_PATHS.addRoom, label: 'Add Room' }}
    />
  );
}
