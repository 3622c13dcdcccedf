import { formatIsoDate, formatMoney, imageAtWidth, type Booking } from '@staybook/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { DataTable, type Column } from '../../../components/data-table';
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
    {
      header: 'Action',
      cell: (booking) =>
        booking.cancellable ? (
          <button
            type="button"
            onClick={() => setCancelling(booking)}
            className="rounded-full bg-rose-100 px-3 py-1 font-semibold whitespace-nowrap text-rose-800 transition hover:bg-rose-200"
          >
            Cancel
          </button>
        ) : (
          <StayState booking={booking} />
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

function StayTitle({ booking }: { booking: Booking }) {
  return (
    <div className="flex min-w-0 items-center gap-3 text-left">
      <img
        src={imageAtWidth(booking.image, 160)}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        decoding="async"
        className="size-14 shrink-0 rounded-lg bg-neutral-200 object-cover"
      />
      <div className="min-w-0">
        <p className="font-medium text-neutral-900">{booking.title}</p>
        <p className="text-xs text-neutral-500">{booking.location}</p>
      </div>
    </div>
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
          {`Cancelled · refunded ${formatMoney(booking.refundedCents)}`}
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
  const [title, text] =
    view === 'mine'
      ? ['No bookings yet', 'When you reserve a stay, it appears here with its dates and price.']
      : ['No bookings on your rooms yet', 'When a guest reserves one of your rooms, the stay appears here.'];
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 bg-neutral-50 px-6 py-16 text-center">
      <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      <p className="max-w-md text-neutral-600">{text}</p>
      <Link
        to="/"
        className="mt-2 rounded-lg border-2 border-rose-600 bg-rose-600 px-5 py-2.5 text-sm font-semibold text-white transition hover:border-rose-700 hover:bg-rose-700"
      >
        Browse stays
      </Link>
    </div>
  );
}
