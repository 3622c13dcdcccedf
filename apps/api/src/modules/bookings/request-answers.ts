/*
 * Answering a request to book (decision 049). The host accepts (the stay is confirmed, then the card is charged) or
 * declines; the guest withdraws; the payment sweeper expires a request the host left unanswered. Each ending is one
 * guarded statement that changes the booking only while it is `requested` (accepting, only before it lapses and
 * while no imported calendar took a night), so answers racing each other or the clock give exactly one outcome.
 * A request that ends without a stay frees its nights at once; its card hold is voided just after, and the sweeper
 * voids a hold a failed call left behind.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import { partyOf, type Booking, type StayParty } from '@staybook/domain';
import { withTransaction, type Db } from '../../db/client.js';
import { bookings, payments, rooms } from '../../db/schema.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { withStayCalendar } from '../../integrations/calendar/ics.js';
import { bookingConfirmationMail, inRecipientLanguage, newBookingMail, requestEndedMail, type RequestEnding } from '../../integrations/mail/templates.js';
import type { Actor } from '../../plugins/session.js';
import { enqueueMail } from '../jobs/jobs.js';
import { bookingEvent, emitWebhookEvent } from '../webhooks/webhook-events.js';
import type { BookingDeps, PaymentRow } from './booking-deps.js';
import { blockedNightIn, findBookingRow, toBooking, type BookingRow } from './bookings.queries.js';
import { captureOrLeaveForSweeper, voidPayment } from './capture-payment.js';
import { stayDetails } from './stay-details.js';

const REQUEST_NOT_FOUND = /*i18n*/ 'Booking not found.';

/** Why a request can no longer be answered, for whoever tries. */
function endedMessage(row: BookingRow): string {
  switch (row.requestAnswer) {
    case 'accepted':
      return 'This request was already accepted: the stay is booked.';
    case 'declined':
      return 'This request was declined, so it can no longer be answered.';
    case 'withdrawn':
      return 'The guest withdrew this request, so it can no longer be answered.';
    case 'expired':
      return 'This request expired before it was answered. The hold on the card was released.';
    default:
      return row.requestExpiresAt ? 'This request can no longer be answered.' : 'This stay was booked instantly: there is no request to answer.';
  }
}

/** The booking behind a request, for the one party who may act on it now; to anyone else it does not exist (404). */
async function requestFor(db: Db, bookingId: string, actor: Actor, side: StayParty): Promise<BookingRow> {
  const row = await findBookingRow(db, eq(bookings.id, bookingId));
  const party = row && partyOf(row, actor);
  if (!row || !party) throw new NotFoundError(REQUEST_NOT_FOUND);
  if (party !== side) {
    throw new ConflictError(side === 'host' ? /*i18n*/ 'Only the host can accept or decline a request.' : /*i18n*/ 'Only the guest can withdraw their request.');
  }
  return row;
}

const asHost = { side: 'host', written: false } as const;
const asGuest = { side: 'guest', written: false } as const;

/**
 * The host accepts: in one transaction, the booking becomes confirmed (only while requested, before it lapses, and
 * while no imported calendar took one of its nights; the room's share lock orders this against a sync writing
 * blocks) and both confirmation mails are queued; then the held card is charged. A capture the provider refuses
 * for now is left to the payment sweeper, which captures confirmed stays' holds. Accepting twice answers the booking.
 */
export async function acceptRequest(
  deps: BookingDeps,
  { actor, bookingId, message }: { actor: Actor; bookingId: string; message?: string | undefined },
): Promise<Booking> {
  const { db } = deps;
  const row = await requestFor(db, bookingId, actor, 'host');
  if (row.requestAnswer === 'accepted') return toBooking(row, undefined, asHost);
  if (row.status !== 'requested') throw new ConflictError(endedMessage(row));
  const note = message?.trim() || null;
  const accepted = await withTransaction(db, async (tx) => {
    await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, row.roomId)).for('share');
    const flipped = await tx
      .update(bookings)
      .set({ status: 'confirmed', keptCents: sql`${bookings.totalCents}`, requestAnswer: 'accepted', requestAnsweredAt: sql`now()`, requestMessage: note })
      .where(
        and(
          eq(bookings.id, row.id),
          eq(bookings.status, 'requested'),
          sql`${bookings.requestExpiresAt} > now()`,
          sql`not ${blockedNightIn(row.roomId, row.checkIn, row.checkOut)}`,
        ),
      )
      .returning({ id: bookings.id });
    if (flipped.length === 0) return false;
    const acceptedRow = (await findBookingRow(tx, eq(bookings.id, row.id)))!;
    const stay = stayDetails(acceptedRow);
    await emitWebhookEvent(tx, bookingEvent('booking.confirmed', acceptedRow));
    await enqueueMail(tx, `request-accepted:${row.id}:guest`, inRecipientLanguage(stay.guest, () => withStayCalendar(bookingConfirmationMail(stay, deps.publicUrl, { message: note }), stay, deps.publicUrl)));
    await enqueueMail(tx, `request-accepted:${row.id}:host`, inRecipientLanguage(stay.host, () => withStayCalendar(newBookingMail(stay, deps.publicUrl), stay, deps.publicUrl)));
    return true;
  });
  if (!accepted) {
    const now = (await findBookingRow(db, eq(bookings.id, row.id)))!;
    // A second click of the same host won the race: the answer is the same.
    if (now.requestAnswer === 'accepted') return toBooking(now, undefined, asHost);
    if (now.status === 'requested' && now.requestExpiresAt! > new Date()) {
      throw new ConflictError(
        /*i18n*/ 'Another calendar you import has taken some of these nights since the request was made, so it cannot be accepted. Please decline it.',
      );
    }
    throw new ConflictError(now.status === 'requested' ? /*i18n*/ 'This request expired before it was answered.' : endedMessage(now));
  }
  deps.jobs.kick();
  deps.metrics?.booking('accepted');
  await captureOrLeaveForSweeper(deps, await paymentOf(db, row.paymentId));
  return toBooking((await findBookingRow(db, eq(bookings.id, row.id)))!, undefined, asHost);
}

/** The host declines, with an optional message to the guest: the nights open again and the hold is released. */
export async function declineRequest(
  deps: BookingDeps,
  { actor, bookingId, message }: { actor: Actor; bookingId: string; message?: string | undefined },
): Promise<Booking> {
  const row = await requestFor(deps.db, bookingId, actor, 'host');
  return answerEnding(deps, row, 'declined', message?.trim() || null, asHost);
}

/** The guest withdraws their request before the host answers: the nights open again and the hold is released. */
export async function withdrawRequest(deps: BookingDeps, { actor, bookingId }: { actor: Actor; bookingId: string }): Promise<Booking> {
  const row = await requestFor(deps.db, bookingId, actor, 'guest');
  return answerEnding(deps, row, 'withdrawn', null, asGuest);
}

async function answerEnding(
  deps: BookingDeps,
  row: BookingRow,
  ending: 'declined' | 'withdrawn',
  message: string | null,
  viewer: { side: StayParty; written: false },
): Promise<Booking> {
  // The same answer again (a double click, a retried request) is answered as it was.
  if (row.requestAnswer === ending) return toBooking(row, undefined, viewer);
  if (row.status !== 'requested') throw new ConflictError(endedMessage(row));
  if (!(await endRequest(deps, row, ending, message))) {
    const now = (await findBookingRow(deps.db, eq(bookings.id, row.id)))!;
    if (now.requestAnswer !== ending) throw new ConflictError(endedMessage(now));
  }
  return toBooking((await findBookingRow(deps.db, eq(bookings.id, row.id)))!, undefined, viewer);
}

/** Who hears of each ending: the guest of a decline, the host of a withdrawal, both of an expiry. */
const TOLD: Record<RequestEnding, readonly StayParty[]> = { declined: ['guest'], withdrawn: ['host'], expired: ['guest', 'host'] };

/**
 * Ends a waiting request without a stay, once: the booking is cancelled keeping nothing, with its answer, and the
 * mails and the other servers' notice are queued, in one transaction; then the card hold is voided (a failure is left
 * to the sweeper). An expiry changes only a request whose time has come. False when it was no longer waiting.
 */
export async function endRequest(deps: BookingDeps, row: BookingRow, ending: RequestEnding, message: string | null): Promise<boolean> {
  const ended = await withTransaction(deps.db, async (tx) => {
    const flipped = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, keptCents: 0, requestAnswer: ending, requestAnsweredAt: sql`now()`, requestMessage: message })
      .where(and(eq(bookings.id, row.id), eq(bookings.status, 'requested'), ending === 'expired' ? lte(bookings.requestExpiresAt, sql`now()`) : undefined))
      .returning({ id: bookings.id });
    if (flipped.length === 0) return false;
    const stay = stayDetails(row);
    await emitWebhookEvent(tx, bookingEvent('booking.cancelled', { ...row, status: 'cancelled' }));
    for (const recipient of TOLD[ending]) {
      await enqueueMail(tx, `request-${ending}:${row.id}:${recipient}`, inRecipientLanguage(stay[recipient], () => requestEndedMail(stay, recipient, ending, message, deps.publicUrl)));
    }
    await deps.listing.announce(tx, row.roomId);
    return true;
  });
  if (!ended) return false;
  deps.listing.forget(row.roomId);
  deps.jobs.kick();
  deps.metrics?.booking(ending);
  await releaseHold(deps, await paymentOf(deps.db, row.paymentId));
  return true;
}

/** Voids the card hold of a request that ended; a provider that cannot be reached now is asked again by the sweeper. */
export async function releaseHold(deps: BookingDeps, payment: PaymentRow): Promise<void> {
  if (payment.status !== 'authorized' && payment.status !== 'requires_payment') return;
  try {
    await voidPayment(deps, payment);
  } catch (err) {
    deps.log.error({ err, paymentId: payment.id }, 'releasing the hold of an ended request failed; the payment sweeper will try again');
  }
}

async function paymentOf(db: Db, paymentId: string): Promise<PaymentRow> {
  return (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
}
