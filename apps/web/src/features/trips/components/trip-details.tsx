import { APP_PATHS, roomPath, tripOpenedFrom, tripReceiptPath } from '@staybook/domain/app-routes';
import { CANCELLATION_POLICY_LABELS, cancellationPolicyText } from '@staybook/domain/cancellation';
import { formatIsoDate, formatMoment } from '@staybook/domain/dates';
import { imageAtWidth, imageSrcSet } from '@staybook/domain/images';
import { formatMoney } from '@staybook/domain/money';
import { formatRate } from '@staybook/domain/quote';
import type { Trip } from '@staybook/domain/trips';
import { useState, type ReactNode } from 'react';
import { FaArrowLeft } from 'react-icons/fa';
import { Link, useLocation } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { LabelledSection } from '../../../components/labelled-section';
import { CancelBookingDialog } from '../../bookings/components/cancel-booking-dialog';
import { AnswerRequestDialog, answerByTime, WithdrawRequestDialog } from '../../bookings/components/request-dialogs';
import { PriceBreakdown } from '../../bookings/components/price-breakdown';
import { RefundLines } from '../../bookings/components/refund-lines';
import {
  describeCard,
  otherPartyHeading,
  PAYMENT_STATUS_LABELS,
  refundTodayText,
  tripBackLink,
  tripCalendarUrl,
} from '../utils/trip-text';
import { i18n } from '../../../lib/i18n';

/** The photo spans the page's column (max-w-4xl = 896px) beside the dashboard's sidebar. */
const PHOTO_SIZES = ['(min-width: 1280px) 896px', '(min-width: 768px) calc(100vw - 336px)', 'calc(100vw - 32px)'].join(', ');

const ACTION_LINK =
  'inline-flex items-center justify-center rounded-lg border-2 border-neutral-900 bg-white px-5 py-2.5 text-sm font-semibold text-neutral-900 transition hover:bg-neutral-100';

/**
 * A stay's trip page, for its guest or the room's host: the room, the dates, the reference, the money, the policy
 * with today's refund, the other party, and what can be done (cancel, add to a calendar, the receipt). Sections are
 * stacked in one column; the booking's messages come last. The page (app/routes/dashboard/trip-page.tsx) brings the
 * stay's reviews and its messages, which belong to their own features.
 */
export function TripDetails({ trip, reviews, messages }: { trip: Trip; reviews: ReactNode; messages: ReactNode }) {
  const { booking, viewerRole } = trip;
  const [cancelling, setCancelling] = useState(false);
  const [answering, setAnswering] = useState<'accept' | 'decline' | 'withdraw' | null>(null);
  // Where the page was opened from (Messages), as the link that opened it said.
  const openedFrom = tripOpenedFrom(useLocation().state);
  const backTo = tripBackLink(viewerRole, openedFrom);

  return (
    <article aria-labelledby="trip-title" className="mx-auto flex max-w-4xl flex-col gap-8">
      <Link to={backTo.to} className="inline-flex items-center gap-2 self-start text-sm font-semibold text-neutral-700 hover:text-neutral-900">
        <FaArrowLeft aria-hidden="true" />
        {i18n.t('Back to {page}', { page: i18n.t(backTo.label) })}
      </Link>

      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 id="trip-title" className="text-2xl font-bold text-neutral-900">
              <Link to={roomPath(trip.room.id)} className="hover:underline">
                {trip.room.title}
              </Link>
            </h1>
            <p className="mt-1 font-light text-neutral-500">{trip.room.location}</p>
          </div>
          <div className="rounded-xl border-2 border-neutral-900 px-4 py-2 text-right">
            <p id="trip-reference-label" className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
              {i18n.t('Booking reference')}
            </p>
            <p aria-labelledby="trip-reference-label" className="font-mono text-2xl font-bold tracking-wider text-neutral-900">
              {trip.reference}
            </p>
          </div>
        </div>
        <div className="aspect-video w-full overflow-hidden rounded-xl bg-neutral-200 md:aspect-[2/1]">
          <img
            src={imageAtWidth(trip.room.image, 1600)}
            srcSet={imageSrcSet(trip.room.image)}
            sizes={PHOTO_SIZES}
            decoding="async"
            width={1600}
            height={800}
            alt={trip.room.title}
            className="size-full object-cover"
          />
        </div>
        {booking.state === 'requested' ? <RequestStatus trip={trip} onAnswer={setAnswering} /> : <StayStatus trip={trip} />}
      </header>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <TripSection title={i18n.t('Your stay')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
            <Fact term={i18n.t('Check-in')} value={withTime(formatIsoDate(trip.stay.from), 'after', trip.stay.checkInTime)} />
            <Fact term={i18n.t('Check-out')} value={withTime(formatIsoDate(trip.stay.to), 'before', trip.stay.checkOutTime)} />
            <Fact term={i18n.t('Nights')} value={String(trip.stay.nights)} />
            <Fact term={i18n.t('Guests')} value={i18n.t('{count, plural, one {# guest} other {# guests}}', { count: trip.stay.guests })} />
          </dl>
        </TripSection>

        {trip.arrival && <GettingThere arrival={trip.arrival} viewerRole={viewerRole} />}

        <TripSection title={i18n.t(otherPartyHeading(trip))}>
          <div className="flex items-center gap-3">
            <Avatar src={trip.otherParty.image} alt="" size={48} />
            <p className="font-medium text-neutral-900">{trip.otherParty.name}</p>
          </div>
        </TripSection>

        <TripSection title={i18n.t('Price')}>
          <PriceBreakdown lines={trip.price.lines} totalCents={trip.price.totalCents} />
          <RefundLines
            title={i18n.t('Refunded')}
            refunds={trip.payment.refundLines ?? []}
            charged={trip.price.lines}
            totalLabel={i18n.t('Total refunded')}
            totalCents={trip.payment.refundedCents}
            className="mt-4 border-t border-neutral-200 pt-4"
          />
        </TripSection>

        <TripSection title={i18n.t('Payment')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
            <Fact term={i18n.t('Card')} value={describeCard(trip.payment.card)} />
            <Fact term={i18n.t('Captured')} value={formatMoney(trip.payment.capturedCents)} />
            <Fact term={i18n.t('Refunded')} value={formatMoney(trip.payment.refundedCents)} />
            <Fact term={i18n.t('Status')} value={i18n.t(PAYMENT_STATUS_LABELS[trip.payment.status])} />
          </dl>
        </TripSection>

        {trip.earnings && (
          <TripSection title={i18n.t('Your earnings')}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
              <Fact term={booking.status === 'cancelled' ? i18n.t('Kept after the refund') : i18n.t('Paid by the guest')} value={formatMoney(trip.earnings.keptCents)} />
              {/* A fee the marketplace does not charge is not a line. */}
              {trip.earnings.serviceFeeCents > 0 && <Fact term={i18n.t('Service fee (to StayBook)')} value={`−${formatMoney(trip.earnings.serviceFeeCents)}`} />}
              {trip.earnings.commissionBp > 0 && (
                <Fact term={i18n.t('Commission ({rate})', { rate: formatRate(trip.earnings.commissionBp) })} value={`−${formatMoney(trip.earnings.commissionCents)}`} />
              )}
              <Fact term={i18n.t('Your payout')} value={formatMoney(trip.earnings.payoutCents)} />
            </dl>
            <p className="mt-3 text-sm text-neutral-600">
              {i18n.t('Your payout includes the tax collected for you to remit. It becomes available 24 hours after check-in and is paid with your next daily payout: see')}{' '}
              <Link to={APP_PATHS.payouts} className="font-medium text-neutral-900 underline">{i18n.t('Payouts')}</Link>.
            </p>
          </TripSection>
        )}

        <TripSection title={i18n.t('Cancellation policy')} wide>
          <p className="font-semibold text-neutral-900">{i18n.t(CANCELLATION_POLICY_LABELS[trip.policy])}</p>
          <p className="mt-1 text-neutral-700">{cancellationPolicyText(trip.policy)}</p>
          <p className="mt-3 font-medium text-neutral-900">{refundTodayText(trip)}</p>
          {booking.cancellable && trip.refundIfCancelledToday && (
            <Button variant="outline" className="mt-4" onClick={() => setCancelling(true)}>
              {i18n.t('Cancel booking')}
            </Button>
          )}
        </TripSection>
      </div>

      <div className="flex flex-wrap gap-3">
        {booking.status === 'confirmed' && (
          <a href={tripCalendarUrl(booking._id)} download={`${trip.reference}.ics`} className={ACTION_LINK}>
            {i18n.t('Add to calendar')}
          </a>
        )}
        <Link to={tripReceiptPath(booking._id)} state={openedFrom} className={ACTION_LINK}>
          {i18n.t('View receipt')}
        </Link>
      </div>

      {reviews}

      <TripSection title={i18n.t('Messages')}>{messages}</TripSection>

      {cancelling && (
        <CancelBookingDialog booking={booking} view={viewerRole === 'guest' ? 'mine' : 'managed'} onClose={() => setCancelling(false)} />
      )}
      {(answering === 'accept' || answering === 'decline') && <AnswerRequestDialog booking={booking} answer={answering} onClose={() => setAnswering(null)} />}
      {answering === 'withdraw' && <WithdrawRequestDialog booking={booking} onClose={() => setAnswering(null)} />}
    </article>
  );
}

/** A request to book waiting for the host: until when, and the answers the viewer may give. */
function RequestStatus({ trip, onAnswer }: { trip: Trip; onAnswer: (answer: 'accept' | 'decline' | 'withdraw') => void }) {
  const { booking } = trip;
  const guest = trip.viewerRole === 'guest';
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-medium">
        {guest
          ? i18n.t("Request sent: waiting for the host's answer. The host answers by {when}. Your card is held, not charged.", { when: answerByTime(booking) })
          : i18n.t('{guest} asks to stay. Answer by {when}: the card is charged only if you accept.', { guest: booking.guest.name || i18n.t('A guest'), when: answerByTime(booking) })}
      </p>
      <div className="flex flex-wrap gap-3">
        {guest ? (
          <Button variant="outline" onClick={() => onAnswer('withdraw')}>
            {i18n.t('Withdraw request')}
          </Button>
        ) : (
          <>
            <Button onClick={() => onAnswer('accept')}>{i18n.t('Accept')}</Button>
            <Button variant="outline" onClick={() => onAnswer('decline')}>
              {i18n.t('Decline')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/** How a request ended without a stay, in a sentence. */
const REQUEST_ENDED = {
  declined: /*i18n*/ 'The host declined this request.',
  withdrawn: /*i18n*/ 'The guest withdrew this request.',
  expired: /*i18n*/ 'This request expired: the host did not answer in time.',
} as const;

/** Where the stay stands, in a sentence (cancelled ones say by whom and when). */
function StayStatus({ trip }: { trip: Trip }) {
  const { booking } = trip;
  const answer = booking.request?.answer;
  const text =
    answer && answer !== 'accepted'
      ? `${i18n.t(REQUEST_ENDED[answer])} ${i18n.t('The hold on the card was released: nothing was charged.')}`
      : booking.state === 'cancelled'
      ? cancelledText(booking.cancelledBy, booking.cancelledAt)
      : booking.state === 'past'
        ? i18n.t('This stay is over.')
        : booking.state === 'in-progress'
          ? i18n.t('This stay is under way.')
          : i18n.t('Confirmed: the stay is upcoming.');
  const message = booking.request?.message;
  return (
    <>
    <p className={`rounded-lg px-4 py-3 text-sm font-medium ${booking.state === 'cancelled' ? 'bg-neutral-100 text-neutral-800' : 'bg-green-50 text-green-900'}`}>
      {text}
    </p>
    {message && <p className="px-4 text-sm text-neutral-700">{trip.viewerRole === 'host' ? i18n.t('Your message to the guest: {message}', { message }) : i18n.t("The host's message: {message}", { message })}</p>}
    </>
  );
}

/**
 * Where the home is exactly and how to get in: given by the host, shown once the stay is confirmed (decision 051).
 * What the host has not given yet is said plainly, with where to ask.
 */
function GettingThere({ arrival, viewerRole }: { arrival: NonNullable<Trip['arrival']>; viewerRole: Trip['viewerRole'] }) {
  const missing = viewerRole === 'guest' ? i18n.t('Not given yet: ask your host in Messages below.') : i18n.t('Not given yet: add it in Update Room Info.');
  const { position } = arrival;
  return (
    <TripSection title={i18n.t('Getting there')} wide>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <Fact term={i18n.t('Address')} value={arrival.address || missing} />
        <dt className="text-neutral-500">{i18n.t('Arrival instructions')}</dt>
        <dd className="font-medium whitespace-pre-line text-neutral-900">{arrival.instructions || missing}</dd>
        {position && (
          <>
            <dt className="text-neutral-500">{i18n.t('Pin')}</dt>
            <dd className="font-medium text-neutral-900">
              <a
                href={`https://www.openstreetmap.org/?mlat=${position.latitude}&mlon=${position.longitude}#map=17/${position.latitude}/${position.longitude}`}
                target="_blank"
                rel="noreferrer"
                className="font-medium underline"
              >
                {`${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)}`}
                <span className="sr-only"> {i18n.t('(opens a map in a new tab)')}</span>
              </a>
            </dd>
          </>
        )}
      </dl>
    </TripSection>
  );
}

function TripSection({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <LabelledSection
      title={title}
      className={`rounded-xl border border-neutral-200 p-5 ${wide ? 'md:col-span-2' : ''}`}
      titleClassName="mb-3 text-lg font-semibold text-neutral-900"
    >
      {children}
    </LabelledSection>
  );
}

/** "Mon, Jun 1, 2026, after 15:00": the room's time as its host gives it, local to the room, when it has one. */
function withTime(date: string, when: 'after' | 'before', time: string | null): string {
  if (!time) return date;
  return when === 'after' ? i18n.t('{date}, after {time}', { date, time }) : i18n.t('{date}, before {time}', { date, time });
}

/** 'Cancelled by the guest on Jan 5, 2027.' */
function cancelledText(by: string | null | undefined, at: string | null | undefined): string {
  const on = at ? formatMoment(at) : null;
  if (by === 'guest') return on ? i18n.t('Cancelled by the guest on {date}.', { date: on }) : i18n.t('Cancelled by the guest.');
  if (by === 'host') return on ? i18n.t('Cancelled by the host on {date}.', { date: on }) : i18n.t('Cancelled by the host.');
  if (by) return on ? i18n.t('Cancelled by the {who} on {date}.', { who: by, date: on }) : i18n.t('Cancelled by the {who}.', { who: by });
  return on ? i18n.t('Cancelled on {date}.', { date: on }) : i18n.t('Cancelled.');
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-neutral-500">{term}</dt>
      <dd className="font-medium text-neutral-900">{value}</dd>
    </>
  );
}
