import { APP_PATHS, OPENED_FROM_REQUESTS, reviewPath, tripPath } from '@staybook/domain/app-routes';
import type { Booking } from '@staybook/domain/bookings';
import { formatIsoDate } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { RoomTitleCell, RowAction } from '../../../components/table-cells';
import type { BookingsView } from '../api/booking-keys';
import { useBookings } from '../api/use-bookings';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { AnswerRequestDialog, answerByText, answerByTime, WithdrawRequestDialog } from './request-dialogs';
import { i18n } from '../../../lib/i18n';

/** A dialog the table opens for one booking. */
type Acting = { booking: Booking; action: 'cancel' | 'accept' | 'decline' | 'withdraw' };

/**
 * My Bookings ('mine': the stays the user booked, with their hosts), Manage Bookings ('managed': the stays on the
 * user's rooms, with their guests) and Requests ('requests': those waiting for the host's answer). Upcoming stays can
 * be cancelled; a waiting request can be accepted or declined by its host and withdrawn by its guest; the others stay
 * listed, marked as what they are.
 */
export function BookingsTable({ view }: { view: BookingsView }) {
  const bookings = useBookings(view);
  const [acting, setActing] = useState<Acting | null>(null);
  const act = (booking: Booking, action: Acting['action']) => setActing({ booking, action });
  const close = () => setActing(null);

  const columns: Column<Booking>[] = [
    { header: i18n.t('Title'), cell: (booking) => <StayTitle booking={booking} fromRequests={view === 'requests'} /> },
    view === 'mine'
      ? { header: i18n.t('Info'), cell: (booking) => <Party person={booking.host} /> }
      : { header: i18n.t('Guest Info'), cell: (booking) => <Party person={booking.guest} withEmail /> },
    { header: i18n.t('Price'), cell: (booking) => formatMoney(booking.priceCents), className: 'whitespace-nowrap' },
    { header: i18n.t('From'), cell: (booking) => formatIsoDate(booking.from), className: 'whitespace-nowrap' },
    { header: i18n.t('To'), cell: (booking) => formatIsoDate(booking.to), className: 'whitespace-nowrap' },
    { header: i18n.t('Guests'), cell: (booking) => i18n.t('{count, plural, one {# guest} other {# guests}}', { count: booking.guests }), className: 'whitespace-nowrap' },
    {
      header: i18n.t('Action'),
      cell: (booking) =>
        booking.state === 'requested' ? (
          <RequestActions booking={booking} asGuest={view === 'mine'} onAct={act} />
        ) : booking.cancellable ? (
          <RowAction tone="danger" onClick={() => act(booking, 'cancel')}>
            {i18n.t('Cancel')}
          </RowAction>
        ) : (
          <div className="flex flex-col items-start gap-2">
            <StayState booking={booking} />
            {booking.review?.canWrite && (
              <Link
                to={reviewPath(booking._id)}
                className="rounded-full bg-amber-100 px-3 py-1 font-semibold whitespace-nowrap text-amber-900 transition hover:bg-amber-200"
              >
                {i18n.t('Write a review')}
              </Link>
            )}
          </div>
        ),
    },
  ];

  return (
    <>
      <DataTable
        label={i18n.t(TABLE_LABELS[view])}
        dense
        columns={columns}
        query={bookings}
        rowKey={(booking) => booking._id}
        empty={<NoBookings view={view} />}
      />
      {acting?.action === 'cancel' && <CancelBookingDialog key={acting.booking._id} booking={acting.booking} view={view} onClose={close} />}
      {(acting?.action === 'accept' || acting?.action === 'decline') && (
        <AnswerRequestDialog key={acting.booking._id} booking={acting.booking} answer={acting.action} onClose={close} />
      )}
      {acting?.action === 'withdraw' && <WithdrawRequestDialog key={acting.booking._id} booking={acting.booking} onClose={close} />}
    </>
  );
}

const TABLE_LABELS: Record<BookingsView, string> = { mine: /*i18n*/ 'My bookings', managed: /*i18n*/ 'Bookings on my rooms', requests: /*i18n*/ 'Requests to book my rooms' };

/** A waiting request: when it lapses, and what its guest (withdraw) or host (accept, decline) may do now. */
function RequestActions({ booking, asGuest, onAct }: { booking: Booking; asGuest: boolean; onAct: (booking: Booking, action: Acting['action']) => void }) {
  const who = asGuest ? booking.title : booking.guest.name || booking.guest.email;
  return (
    <div className="flex flex-col items-start gap-2">
      <span className={`${STATE_CLASS} bg-amber-100 text-amber-900`}>{asGuest ? i18n.t('Awaiting host') : i18n.t('Request')}</span>
      <span className="text-xs whitespace-nowrap text-neutral-600">{asGuest ? i18n.t('Host answers by {when}', { when: answerByTime(booking) }) : answerByText(booking)}</span>
      {asGuest ? (
        <RowAction tone="danger" label={i18n.t('Withdraw request for {who}', { who })} onClick={() => onAct(booking, 'withdraw')}>
          {i18n.t('Withdraw')}
        </RowAction>
      ) : (
        <div className="flex gap-2">
          <RowAction tone="change" label={i18n.t('Accept request from {who}', { who })} onClick={() => onAct(booking, 'accept')}>
            {i18n.t('Accept')}
          </RowAction>
          <RowAction tone="danger" label={i18n.t('Decline request from {who}', { who })} onClick={() => onAct(booking, 'decline')}>
            {i18n.t('Decline')}
          </RowAction>
        </div>
      )}
    </div>
  );
}

/**
 * The room's title links to the stay's trip page (whose way back leads to Requests when opened from there); the
 * reference under it tells two stays in one room apart.
 */
function StayTitle({ booking, fromRequests }: { booking: Booking; fromRequests: boolean }) {
  const referenceId = useId();
  return (
    <RoomTitleCell image={booking.image}>
      <Link
        to={tripPath(booking._id)}
        state={fromRequests ? OPENED_FROM_REQUESTS : undefined}
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

/** What became of a request that ended without a stay. */
const REQUEST_ENDINGS = {
  declined: /*i18n*/ 'Request declined · not charged',
  withdrawn: /*i18n*/ 'Request withdrawn · not charged',
  expired: /*i18n*/ 'Request expired · not charged',
} as const;

function StayState({ booking }: { booking: Booking }) {
  const answer = booking.request?.answer;
  switch (booking.state) {
    case 'requested':
      return <span className={`${STATE_CLASS} bg-amber-100 text-amber-900`}>{i18n.t('Awaiting host')}</span>;
    case 'cancelled':
      if (answer && answer !== 'accepted') {
        return <span className={`${STATE_CLASS} bg-neutral-100 text-neutral-700`}>{i18n.t(REQUEST_ENDINGS[answer])}</span>;
      }
      return (
        <span className={`${STATE_CLASS} bg-neutral-100 text-neutral-700`}>
          {booking.refundedCents === booking.priceCents
            ? i18n.t('Cancelled · refunded {refund}', { refund: formatMoney(booking.refundedCents) })
            : i18n.t('Cancelled · refunded {refund} of {total}', { refund: formatMoney(booking.refundedCents), total: formatMoney(booking.priceCents) })}
        </span>
      );
    case 'past':
      return <span className={`${STATE_CLASS} bg-neutral-100 text-neutral-700`}>{i18n.t('Past')}</span>;
    case 'in-progress':
      return <span className={`${STATE_CLASS} bg-green-100 text-green-900`}>{i18n.t('In progress')}</span>;
    case 'upcoming':
      return <span className={`${STATE_CLASS} bg-sky-100 text-sky-900`}>{i18n.t('Upcoming')}</span>;
  }
}

function NoBookings({ view }: { view: BookingsView }) {
  if (view === 'requests') {
    return (
      <EmptyState
        title={i18n.t('No requests waiting')}
        text={i18n.t('When a guest asks to stay at a listing that takes requests, it appears here for you to accept or decline within 24 hours.')}
        action={{ to: APP_PATHS.manageBookings, label: i18n.t('Manage Bookings') }}
      />
    );
  }
  return view === 'mine' ? (
    <EmptyState
      title={i18n.t('No bookings yet')}
      text={i18n.t('When you reserve a stay, it appears here with its dates and price.')}
      action={{ to: APP_PATHS.home, label: i18n.t('Browse stays') }}
    />
  ) : (
    <EmptyState
      title={i18n.t('No bookings on your rooms yet')}
      text={i18n.t('When a guest reserves one of your rooms, the stay appears here.')}
      action={{ to: APP_PATHS.addRoom, label: i18n.t('Add Room') }}
    />
  );
}
