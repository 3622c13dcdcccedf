/*
 * Step 2 of a booking: the card is authorized, and the stay a payment was made for is booked, once, whoever asks
 * (the browser, a provider's webhook, the payment sweeper). The booking's transaction is here; the capture after it
 * is capture-payment.ts, and every payment status it changes is one statement of payment-states.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { isCheckInOpen, isInsideWindow, requestExpiresAt, todayIn, withLocale, type Booking, type Locale } from '@staybook/domain';
import { isReferenceCollision, newBookingReference } from '../../db/booking-reference.js';
import { preparedStatement, withTransaction } from '../../db/client.js';
import { bookings, payments } from '../../db/schema.js';
import {
  AlreadyBookedError,
  BadRequestError,
  ConflictError,
  constraintOf,
  NotFoundError,
  OVERLAPPING_BOOKING_MESSAGE,
  PG_ERRORS,
  sqlState,
} from '../../errors.js';
import { withStayCalendar } from '../../integrations/calendar/ics.js';
import { bookingConfirmationMail, bookingRequestMail, inRecipientLanguage, newBookingMail, requestSentMail } from '../../integrations/mail/templates.js';
import type { ProviderIntent } from '../../integrations/payments/payment-provider.js';
import type { Actor } from '../../plugins/session.js';
import { mailJobs } from '../jobs/jobs.js';
import { bookingEvent, webhookEventJob } from '../webhooks/webhook-events.js';
import type { BookingDeps, PaymentRow } from './booking-deps.js';
import {
  findBookingRow,
  insertBookingWith,
  insertedBookingRow,
  lockRoomForBooking,
  overlappingStayOf,
  toBooking,
  type BookingRow,
} from './bookings.queries.js';
import { captureOrLeaveForSweeper, voidPayment } from './capture-payment.js';
import { holdPaymentUnlessBlocked, markAuthorized } from './payment-states.js';
import { bookingForPayment, stayDetails } from './stay-details.js';

const PAYMENT_NOT_FOUND = /*i18n*/ 'This payment does not exist. Please start the booking again.';

/**
 * Books the stay a payment was made for, once: the browser after the card is confirmed, a provider's
 * webhook and the sweeper all come here, in any order and as often as they like.
 *
 * 1. Our payment row names the stay (and, for a signed-in caller, must be theirs).
 * 2. A booking already made for it is answered as it is (captured first if that had not happened yet).
 * 3. Otherwise the provider is asked (never the browser) whether the card is authorized for exactly this
 *    amount and stay; then the booking is inserted in a short transaction, where `bookings_no_overlap`
 *    decides between racing guests and `bookings_payment_key` between racing confirmations of one payment.
 * 4. The loser of a date race has its hold voided and hears 409; the winner's payment is captured.
 * Provider calls happen outside transactions: the embedded database has one connection.
 */
export async function confirmBookingForPayment(
  deps: BookingDeps,
  {
    providerPaymentId,
    actor = null,
    locale = 'en',
  }: {
    providerPaymentId: string;
    actor?: Actor | null;
    /** The guest's language when they confirm it themselves: their mails are written in it (decision 062). */
    locale?: Locale;
  },
): Promise<{ booking: Booking; created: boolean }> {
  const { db } = deps;
  // The payment and the booking it made, if any, in one read.
  const [found] = await paymentAndBooking(db).execute({ provider: deps.payments.name, providerPaymentId });
  // Someone else's payment answers as one nobody has (decision 075): its id tells a stranger nothing.
  if (!found || (actor && found.payment.guestId !== actor.id)) throw new NotFoundError(PAYMENT_NOT_FOUND);
  const { payment } = found;

  const existing = found.bookingId ? await findBookingRow(db, eq(bookings.id, found.bookingId)) : undefined;
  if (existing) return { booking: await answerExisting(deps, payment, existing), created: false };
  if (payment.status === 'canceled') {
    throw new ConflictError(/*i18n*/ 'This payment was cancelled, so it cannot book the stay. Please start the booking again.');
  }

  const intent = await deps.payments.retrieveIntent(providerPaymentId);
  checkIntentMatches(intent, payment);
  let inserted: InsertOutcome;
  try {
    inserted = await insertBooking(deps, payment, intent, locale);
  } catch (err) {
    if (sqlState(err) === PG_ERRORS.exclusionViolation) {
      await voidPayment(deps, payment);
      deps.metrics?.booking('refused');
      // Another stay confirmed at the same moment came within the preparation time.
      if (constraintOf(err) === 'bookings_turnover_apart') throw new ConflictError(PREPARATION_RACE_MESSAGE);
      // The same guest's other tab (or an earlier payment) booked these nights first.
      if ((await overlappingStayOf(db, payment.roomId, payment.checkIn, payment.checkOut, payment.guestId)) === 'own') throw new AlreadyBookedError();
      throw new ConflictError(OVERLAPPING_BOOKING_MESSAGE);
    }
    if (sqlState(err) !== PG_ERRORS.uniqueViolation) throw err;
    inserted = { outcome: 'settled' };
  }
  const { outcome } = inserted;
  if (outcome === 'room-removed' || outcome === 'outside-window' || outcome === 'started' || outcome === 'blocked') {
    await voidPayment(deps, payment);
    deps.metrics?.booking('refused');
    // Nights an imported calendar took while the guest paid: lost like a date race.
    throw new ConflictError(REFUSAL_MESSAGES[outcome]);
  }
  if (inserted.outcome !== 'booked') {
    const row = await bookingForPayment(db, payment.id);
    // Not booked, and not by a concurrent confirmation either: the payment was cancelled meanwhile.
    if (!row) throw new ConflictError(/*i18n*/ 'This payment was cancelled, so it cannot book the stay. Please start the booking again.');
    return { booking: await answerExisting(deps, payment, row), created: false };
  }
  deps.listing.forget(payment.roomId);
  deps.jobs.kick();
  // A request's card stays held, not charged, until the host accepts it (request-answers.ts).
  if (inserted.row.status === 'requested') {
    deps.metrics?.booking('requested');
    return { booking: toBooking(inserted.row, undefined, AS_BOOKING_GUEST), created: true };
  }

  const captured = await captureOrLeaveForSweeper(deps, { ...payment, status: 'authorized' });
  deps.metrics?.booking('confirmed');
  // Only a hold the provider no longer had changed the booking after its transaction: it was cancelled.
  const row = captured === 'cancelled' ? (await bookingForPayment(db, payment.id))! : inserted.row;
  return { booking: toBooking(row, undefined, AS_BOOKING_GUEST), created: true };
}

/**
 * A provider's webhook says a card was authorized: note the hold and book it through the same idempotent path
 * as the browser. An intent that is none of ours (another app on the same provider account) is acknowledged
 * and ignored, so the provider does not retry it forever.
 */
export async function confirmAuthorizedPayment(deps: BookingDeps, providerPaymentId: string): Promise<void> {
  const [ours] = await paymentAndBooking(deps.db).execute({ provider: deps.payments.name, providerPaymentId });
  if (!ours) {
    deps.log.info({ providerPaymentId }, 'webhook for a payment that is not ours; ignored');
    return;
  }
  await recordAuthorization(deps, providerPaymentId);
  await confirmBookingForPayment(deps, { providerPaymentId });
}

/**
 * The processor reports a card authorized for one of our payments (the built-in processor's confirmation,
 * or a provider's webhook): the hold is noted, so the sweeper books it even if the guest's tab closes now.
 */
export async function recordAuthorization(deps: BookingDeps, providerPaymentId: string): Promise<void> {
  if (await markAuthorized(deps.db, deps.payments.name, providerPaymentId)) deps.metrics?.payment('authorized');
}

/** `settled`: the payment was booked by a concurrent confirmation, or cancelled, meanwhile. */
type InsertOutcome = { outcome: 'booked'; row: BookingRow } | { outcome: 'settled' | 'room-removed' | 'outside-window' | 'started' | 'blocked' };

const ROOM_REMOVED_MESSAGE = /*i18n*/ 'This room was removed by its host while you were paying, so it was not booked. You have not been charged.';
const WINDOW_CHANGED_MESSAGE =
  /*i18n*/ "The host changed this room's dates while you were paying, so these nights can no longer be booked. You have not been charged.";
const CHECK_IN_PASSED_MESSAGE = /*i18n*/ 'The check-in day passed while you were paying, so this stay was not booked. You have not been charged.';
const PREPARATION_RACE_MESSAGE =
  /*i18n*/ 'Another stay was just booked right next to these dates, and the host keeps nights free between stays to prepare the home. Please choose other dates. You have not been charged.';
/** Why a paid-for stay was not booked after all; the hold on the card is voided in each case. */
const REFUSAL_MESSAGES = {
  'room-removed': ROOM_REMOVED_MESSAGE,
  'outside-window': WINDOW_CHANGED_MESSAGE,
  started: CHECK_IN_PASSED_MESSAGE,
  blocked: OVERLAPPING_BOOKING_MESSAGE,
} as const;

/**
 * The booking's transaction, made again when PostgreSQL broke a deadlock or the freshly drawn reference was
 * already given (about one draw in a trillion at a million bookings).
 */
async function insertBooking(deps: BookingDeps, payment: PaymentRow, intent: ProviderIntent, locale: Locale): Promise<InsertOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await retryOnDeadlock(() => bookingTransaction(deps, payment, intent, locale));
    } catch (err) {
      if (attempt >= 3 || !isReferenceCollision(err)) throw err;
    }
  }
}

/**
 * The short transaction that books a stay. The room's row is share-locked first: a host changing or
 * removing the room locks it for update, so either that change waits for this booking and sees it, or this
 * booking waits and sees the change (the room gone, or the stay outside its new dates). The payment is
 * marked authorized (its row lock queues a concurrent confirmation of the same payment behind this one),
 * then the booking is inserted with the room as it is now and the price the payment was made at. The booked
 * row is made from what the transaction read and wrote, not read back.
 */
async function bookingTransaction(deps: BookingDeps, payment: PaymentRow, intent: ProviderIntent, locale: Locale): Promise<InsertOutcome> {
  return withTransaction(deps.db, async (tx) => {
    const locked = await lockRoomForBooking(tx, payment.roomId, payment.guestId);
    if (!locked || locked.room.deletedAt) return { outcome: 'room-removed' };
    const { room } = locked;
    if (!isInsideWindow({ from: payment.checkIn, to: payment.checkOut }, { from: room.availableFrom, to: room.availableTo })) {
      return { outcome: 'outside-window' };
    }
    // A card held late on the check-in day and confirmed after midnight where the room is would book a stay
    // that began yesterday.
    if (!isCheckInOpen(payment.checkIn, todayIn(room.timeZone))) return { outcome: 'started' };
    const held = await holdPaymentUnlessBlocked(tx, {
      paymentId: payment.id,
      roomId: payment.roomId,
      from: payment.checkIn,
      to: payment.checkOut,
      card: intent.card,
    });
    if (held !== 'held') return { outcome: held };
    const values = {
      id: randomUUID(),
      roomId: payment.roomId,
      guestId: payment.guestId,
      paymentId: payment.id,
      checkIn: payment.checkIn,
      checkOut: payment.checkOut,
      roomTitle: room.title,
      roomLocation: room.location,
      roomImage: room.image,
      nightlyPriceCents: payment.nightlyPriceCents,
      guests: payment.guests,
      totalCents: payment.amountCents,
      // The lines the guest was shown and charged, whatever the host changes later, and the marketplace's rates.
      priceLines: payment.priceLines,
      guestFeeBp: payment.guestFeeBp,
      hostCommissionBp: payment.hostCommissionBp,
      // A request keeps nothing until the host accepts and the card is charged.
      keptCents: payment.request ? 0 : payment.amountCents,
      // The policy the guest was shown before paying, as the price is the one they were charged.
      cancellationPolicy: payment.cancellationPolicy,
      // The room's preparation time now: bookings_turnover_apart keeps it between this stay and the next.
      turnoverNights: room.preparationNights,
      reference: newBookingReference(),
      // A request (the room took requests when the guest paid) holds the nights until the host answers or it lapses.
      status: payment.request ? ('requested' as const) : ('confirmed' as const),
      requestExpiresAt: payment.request ? requestExpiresAt(new Date(), payment.checkIn, room.timeZone) : null,
    };
    const paid = { providerPaymentId: payment.providerPaymentId, refundedCents: payment.refundedCents, card: intent.card };
    // What the booking will be: the database adds only the moment it is made.
    const unborn = {
      ...values,
      createdAt: new Date(),
      cancelledAt: null,
      cancelRequestedAt: null,
      cancelRequestedBy: null,
      cancelRefundCents: null,
      requestAnswer: null,
      requestAnsweredAt: null,
      requestMessage: null,
    };
    const bookedRow = insertedBookingRow(unborn, locked, paid);
    const stay = stayDetails(bookedRow);
    // Each mail in its recipient's language (decision 062): the guest's saved one, else the language of their own
    // request that booked it (English when the sweeper or a webhook books it); the host's saved one, else English.
    const guestLocale = stay.guest.locale ?? locale;
    // Both mails and the other servers' notice commit with the booking, in its own statement: a crash after it
    // delays them, never loses them. A booked stay's mails carry it as an .ics event (integrations/calendar/ics.ts);
    // a request's do not, as nothing is booked yet.
    const mails = mailJobs(
      values.requestExpiresAt
        ? [
            { key: `booking-requested:${values.id}:guest`, message: withLocale(guestLocale, () => requestSentMail(stay, values.requestExpiresAt!, deps.publicUrl)) },
            { key: `booking-requested:${values.id}:host`, message: inRecipientLanguage(stay.host, () => bookingRequestMail(stay, values.requestExpiresAt!, deps.publicUrl)) },
          ]
        : [
            {
              key: `booking-confirmed:${values.id}:guest`,
              message: withLocale(guestLocale, () => withStayCalendar(bookingConfirmationMail(stay, deps.publicUrl), stay, deps.publicUrl)),
            },
            { key: `booking-confirmed:${values.id}:host`, message: inRecipientLanguage(stay.host, () => withStayCalendar(newBookingMail(stay, deps.publicUrl), stay, deps.publicUrl)) },
          ],
    );
    const notice = deps.listing.announcement(payment.roomId);
    // The booking's statement is the transaction's last: its insert updates the shared statistics rows
    // (decision 044), whose row locks every other booking waits for until this transaction ends.
    const told = webhookEventJob(bookingEvent(values.requestExpiresAt ? 'booking.requested' : 'booking.confirmed', bookedRow));
    const createdAt = await insertBookingWith(tx, values, notice ? [mails, told, notice] : [mails, told]);
    return { outcome: 'booked', row: insertedBookingRow({ ...unborn, createdAt }, locked, paid) };
  });
}

/**
 * Runs a short transaction again when PostgreSQL aborted it to break a deadlock: two overlapping stays
 * inserted at the same moment can each wait for the other under `bookings_no_overlap`. The retry then
 * meets the winner's committed stay (23P01) or, if the winner rolled back, books.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || sqlState(err) !== PG_ERRORS.deadlockDetected) throw err;
    }
  }
}

/** Checks the provider's own word on an intent against what we recorded when we created it. */
function checkIntentMatches(intent: ProviderIntent, payment: PaymentRow): void {
  if (intent.status === 'canceled') {
    throw new ConflictError(/*i18n*/ 'This payment was cancelled, so it cannot book the stay. Please start the booking again.');
  }
  if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') {
    throw new BadRequestError(/*i18n*/ 'The card has not been authorized for this payment yet. Please confirm your card first.');
  }
  const m = intent.metadata;
  const matches =
    intent.amountCents === payment.amountCents &&
    intent.currency === payment.currency &&
    m.paymentId === payment.id &&
    m.roomId === payment.roomId &&
    m.guestId === payment.guestId &&
    m.checkIn === payment.checkIn &&
    m.checkOut === payment.checkOut;
  if (!matches) throw new ConflictError(/*i18n*/ 'This payment does not match the stay it was created for, so the stay was not booked.');
}

/** A confirmation answers the guest, about a stay that has not begun: nothing to review yet. */
const AS_BOOKING_GUEST = { side: 'guest', written: false } as const;

/** A booking the payment already made, as its guest hears it: captured first if that had not happened yet. */
async function answerExisting(deps: BookingDeps, payment: PaymentRow, row: BookingRow): Promise<Booking> {
  if (row.status === 'confirmed') {
    const [current] = await deps.db.select().from(payments).where(eq(payments.id, payment.id));
    if (current && (current.status === 'authorized' || current.status === 'requires_payment')) {
      await captureOrLeaveForSweeper(deps, current);
      return toBooking((await bookingForPayment(deps.db, payment.id))!, undefined, AS_BOOKING_GUEST);
    }
  }
  return toBooking(row, undefined, AS_BOOKING_GUEST);
}

/** A payment of ours and the booking it made, if any. */
const paymentAndBooking = preparedStatement((db) =>
  db
    .select({ payment: payments, bookingId: bookings.id })
    .from(payments)
    .leftJoin(bookings, eq(bookings.paymentId, payments.id))
    .where(and(eq(payments.provider, sql.placeholder('provider')), eq(payments.providerPaymentId, sql.placeholder('providerPaymentId'))))
    .limit(1)
    .prepare('payment_and_booking'),
);
