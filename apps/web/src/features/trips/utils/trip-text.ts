import { APP_PATHS, tripOriginPath, type TripOpenedFrom, type TripOrigin } from '@staybook/domain/app-routes';
import type { Booking } from '@staybook/domain/bookings';
import { cardBrandName } from '@staybook/domain/cards';
import { formatIsoDate, formatMoment } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import { capitalize } from '@staybook/domain/text';
import type { Trip, TripPaymentStatus } from '@staybook/domain/trips';
import { stayApiPath } from '../../../lib/api-paths';
import { i18n } from '../../../lib/i18n';

const ORIGIN_LABELS: Record<TripOrigin, string> = { messages: /*i18n*/ 'Messages', requests: /*i18n*/ 'Requests', calendar: /*i18n*/ 'Calendar' };

/**
 * The trip page's way back: to the page it was opened from (Messages, Requests or the Calendar, as it was), else to
 * the viewer's list of stays.
 */
export function tripBackLink(viewerRole: Trip['viewerRole'], openedFrom: TripOpenedFrom | null): { to: string; label: string } {
  if (openedFrom) return { to: tripOriginPath(openedFrom), label: ORIGIN_LABELS[openedFrom.from] };
  return viewerRole === 'guest' ? { to: APP_PATHS.myBookings, label: /*i18n*/ 'My Bookings' } : { to: APP_PATHS.manageBookings, label: /*i18n*/ 'Manage Bookings' };
}

/** The .ics of the stay, for the guest's or the host's calendar. */
export function tripCalendarUrl(bookingId: string): string {
  return stayApiPath(bookingId, 'calendar.ics');
}

/** 'Visa ending in 4242'; the provider names brands in lower case. */
export function describeCard(card: { brand: string; last4: string } | null): string {
  if (!card) return i18n.t('No card recorded');
  const brand = cardBrandName(card.brand) ?? (card.brand ? capitalize(card.brand) : i18n.t('Card'));
  return i18n.t('{brand} ending in {last4}', { brand, last4: card.last4 });
}

export const PAYMENT_STATUS_LABELS: Record<TripPaymentStatus, string> = {
  authorized: /*i18n*/ 'Held on the card, not charged yet',
  captured: /*i18n*/ 'Paid',
  'partially-refunded': /*i18n*/ 'Partly refunded',
  refunded: /*i18n*/ 'Refunded',
  voided: /*i18n*/ 'Released, not charged',
};

/** What the guest paid in the end: captured minus refunded. */
export function netPaidCents(payment: Trip['payment']): number {
  return payment.capturedCents - payment.refundedCents;
}

/** Where the party a viewer deals with is named: the guest sees 'Your host', the host 'Your guest'. */
export function otherPartyHeading(trip: Pick<Trip, 'viewerRole'>): string {
  return trip.viewerRole === 'guest' ? /*i18n*/ 'Your host' : /*i18n*/ 'Your guest';
}

/**
 * The policy's consequence for the person looking: 'If you cancel today: $X refunded of $Y' while the stay can be
 * cancelled (a host's cancellation refunds the guest in full), otherwise why there is nothing to cancel.
 */
export function refundTodayText(trip: Pick<Trip, 'refundIfCancelledToday' | 'viewerRole' | 'booking'>): string {
  const refund = trip.refundIfCancelledToday;
  if (refund) {
    const values = { refund: formatMoney(refund.refundCents), total: formatMoney(refund.totalCents) };
    return trip.viewerRole === 'host'
      ? i18n.t("If you cancel today: {refund} refunded of {total} (a host's cancellation refunds the guest in full)", values)
      : i18n.t('If you cancel today: {refund} refunded of {total}', values);
  }
  switch (trip.booking.state) {
    case 'requested':
      return i18n.t('This is a request: until the host accepts it, nothing is charged, and the policy applies once it is booked.');
    case 'cancelled':
      if (trip.booking.request && trip.booking.request.answer !== 'accepted') return i18n.t('This request ended before it was booked: nothing was charged.');
      return i18n.t('This stay was cancelled; {refund} was refunded.', { refund: formatMoney(trip.booking.refundedCents) });
    case 'past':
      return i18n.t('This stay is over, so it can no longer be cancelled.');
    default:
      return i18n.t('This stay has started, so it can no longer be cancelled.');
  }
}

/** The receipt's status line: 'Confirmed', or 'Cancelled on Jan 5, 2027'. */
export function receiptStatus(booking: Pick<Booking, 'status' | 'cancelledAt'>, timeZone?: string): string {
  if (booking.status === 'confirmed') return i18n.t('Confirmed');
  if (booking.status === 'requested') return i18n.t('Requested: waiting for the host');
  return booking.cancelledAt ? i18n.t('Cancelled on {date}', { date: formatMoment(booking.cancelledAt, timeZone) }) : i18n.t('Cancelled');
}

/** 'Jan 5, 2027 – Jan 8, 2027'. */
export function stayDates(stay: { from: string; to: string }): string {
  return `${formatIsoDate(stay.from)} – ${formatIsoDate(stay.to)}`;
}
