import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  countOf,
  describeStayProblem,
  findStayProblem,
  formatMoney,
  isInsideWindow,
  mergeStays,
  refundFor,
  type CancellationQuote,
  type Refund,
  nightsBetween,
  stayTotalCents,
  todayIn,
  type Booking,
  type BookingsPage,
  type IsoDate,
  type PaymentIntent,
  type RoomAvailability,
  type StayProblem,
  type StayRange,
  type StayRoom,
} from '@staybook/domain';
import { preparedStatement, type Db } from '../../db/client.js';
import { bookings, payments, rooms } from '../../db/schema.js';
import {
  AlreadyBookedError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OVERLAPPING_BOOKING_MESSAGE,
  PG_ERRORS,
  sqlState,
} from '../../errors.js';
import { withStayCalendar } from '../../integrations/calendar/ics.js';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import { bookingCancelledMail, bookingConfirmationMail, newBookingMail, unpaidStayCancelledMail, type StayDetails } from '../../integrations/mail/templates.js';
import type { PaymentProvider, ProviderIntent } from '../../integrations/payments/payment-provider.js';
import type { OutcomeMetrics } from '../../plugins/metrics.js';
import { isOwnEmail, type Actor } from '../../plugins/session.js';
import { enqueueMail, mailJobs } from '../jobs/jobs.js';
import type { ListingChanges } from '../rooms/listing-cache.js';
import {
  findBookingRow,
  guestScope,
  hostScope,
  insertBookingWith,
  insertedBookingRow,
  listBookingRows,
  lockRoomForBooking,
  listBlockedNights,
  listTakenStays,
  overlappingStayOf,
  reviewedBookings,
  takenNightsOf,
  toBooking,
  type BookingRow,
} from './bookings.queries.js';
import {
  cancelRefunded,
  cancelUnpaid,
  holdPaymentUnlessBlocked,
  markAuthorized,
  markCancelRequested,
  markCaptured,
  markVoided,
} from './payment-states.js';
import { isReferenceCollision, newBookingReference } from './reference.js';

type Log = Record<'info' | 'warn' | 'error', (obj: object, msg: string) => void>;

/** What the booking rules need from the outside. */
export type BookingDeps = {
  db: Db;
  payments: PaymentProvider;
  /** The outbox's worker: told when a change committed mail, so it goes out now rather than at the next poll. */
  jobs: { kick(): void };
  publicUrl: string;
  log: Log;
  /** Bookings and payments by outcome, for /api/metrics (METRICS=1). */
  metrics?: OutcomeMetrics;
  /** Told when a stay is booked or cancelled: the room's `booked` may change. */
  listing: ListingChanges;
};

type PaymentRow = typeof payments.$inferSelect;

const ROOM_NOT_FOUND = 'Room not found. It may have been removed by its host.';
const PAYMENT_NOT_FOUND = 'This payment does not exist. Please start the booking again.';
const BOOKING_NOT_FOUND = 'Booking not found.';
export const STAY_STARTED_MESSAGE = 'This stay has already started';

/** A room that can be booked: it exists and its host has not removed it. */
async function findRoom(db: Db, id: string) {
  const [room] = await db.select().from(rooms).where(and(eq(rooms.id, id), isNull(rooms.deletedAt))).limit(1);
  if (!room) throw new NotFoundError(ROOM_NOT_FOUND);
  return room;
}

/** The first night of [from, to) that no stay in `taken` (date order, not overlapping) covers. */
export function firstFreeNight(from: IsoDate, to: IsoDate, taken: StayRange[]): IsoDate | null {
  let night = from;
  for (const stay of taken) {
    if (stay.to <= night) continue;
    if (stay.from > night) break;
    night = stay.to;
  }
  return night < to ? night : null;
}

/** What the date picker may offer: the window from today on, the confirmed stays in it, the first free night. */
export async function getRoomAvailability(db: Db, { roomId, today: fixedToday }: { roomId: string; today?: IsoDate }): Promise<RoomAvailability> {
  const room = await findRoom(db, roomId);
  // Today where the room is: its check-in days begin at its own midnight (docs/decisions/026-room-time-zone.md).
  const today = fixedToday ?? todayIn(room.timeZone);
  const from = room.availableFrom > today ? room.availableFrom : today;
  // Nights other sites' calendars took (docs/decisions/030-calendar-sync.md) are taken here too: merged in date
  // order without overlaps, as `firstFreeNight` and the picker read them.
  const [stays, blocks] = await Promise.all([listTakenStays(db, roomId, today), listBlockedNights(db, roomId, today)]);
  const taken = mergeStays([...stays, ...blocks]);
  const firstBookable = firstFreeNight(from, room.availableTo, taken);
  return { from, to: room.availableTo, taken, firstBookable, booked: firstBookable === null };
}

/** A room that can be booked, with whatever already takes a night of the stay (see takenNightsOf). */
const roomForStay = preparedStatement((db) =>
  db
    .select({
      room: rooms,
      taken: takenNightsOf(sql.placeholder('roomId'), sql.placeholder('from'), sql.placeholder('to'), sql.placeholder('guestId')),
    })
    .from(rooms)
    .where(and(eq(rooms.id, sql.placeholder('roomId')), isNull(rooms.deletedAt)))
    .limit(1)
    .prepare('room_for_stay'),
);

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

/**
 * Starts paying for a stay. The server decides everything but the room, the dates and the guest count (which
 * the room must take): the guest is the signed-in user, the price the stored nightly price × nights, the
 * cancellation policy the room's now (the booking keeps both, whatever the host changes meanwhile). The
 * provider's intent is created outside any transaction, then our payment row records what it is for. Every
 * call makes a new payment, so a second intent for the same stay with another guest count never reuses the
 * first one's.
 */
export async function createPaymentIntent(
  deps: BookingDeps,
  {
    actor,
    roomId,
    from,
    to,
    guests = 1,
    today: fixedToday,
  }: { actor: Actor; roomId: string; from: IsoDate; to: IsoDate; guests?: number; today?: IsoDate },
): Promise<PaymentIntent> {
  const { db } = deps;
  // The room and whatever already takes one of the nights, in one read: the confirmed stays are the
  // database's to judge, so that its own guest's hears 'already booked'.
  const [found] = await roomForStay(db).execute({ roomId, from, to, guestId: actor.id });
  if (!found) throw new NotFoundError(ROOM_NOT_FOUND);
  const { room, taken } = found;
  const stayRoom: StayRoom = {
    from: room.availableFrom,
    to: room.availableTo,
    priceCents: room.priceCents,
    guests: room.guests,
    hostId: room.hostId,
    today: fixedToday ?? todayIn(room.timeZone),
  };
  const stay = { from, to };
  const problem = findStayProblem({ stay, room: stayRoom, viewerId: actor.id, guests });
  if (problem) throw stayProblemError(problem, describeStayProblem(problem, { stay, room: stayRoom }));
  const nights = nightsBetween(from, to);
  const totalCents = stayTotalCents(room.priceCents, from, to);
  if (taken === 'own') throw new AlreadyBookedError();
  // A night an imported calendar took is answered like a night booked here.
  if (taken) throw new ConflictError(OVERLAPPING_BOOKING_MESSAGE);

  const paymentId = randomUUID();
  const intent = await deps.payments.createIntent({
    amountCents: totalCents,
    currency: 'usd',
    metadata: { paymentId, roomId, guestId: actor.id, checkIn: from, checkOut: to },
    description: `${room.title}: ${countOf(nights, 'night')} from ${from}, ${countOf(guests, 'guest')}`,
    idempotencyKey: `intent-${paymentId}`,
  });
  await db.insert(payments).values({
    id: paymentId,
    provider: deps.payments.name,
    providerPaymentId: intent.id,
    guestId: actor.id,
    roomId,
    checkIn: from,
    checkOut: to,
    nightlyPriceCents: room.priceCents,
    guests,
    cancellationPolicy: room.cancellationPolicy,
    amountCents: totalCents,
    currency: 'usd',
    status: 'requires_payment',
  });
  deps.metrics?.payment('started');
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret ?? '',
    provider: deps.payments.name,
    nights,
    nightlyPriceCents: room.priceCents,
    totalCents,
    guests,
    cancellationPolicy: room.cancellationPolicy,
  };
}

/**
 * The processor reports a card authorized for one of our payments (the built-in processor's confirmation,
 * or a provider's webhook): the hold is noted, so the sweeper books it even if the guest's tab closes now.
 */
export async function recordAuthorization(deps: BookingDeps, providerPaymentId: string): Promise<void> {
  if (await markAuthorized(deps.db, deps.payments.name, providerPaymentId)) deps.metrics?.payment('authorized');
}

/** Checks the provider's own word on an intent against what we recorded when we created it. */
function checkIntentMatches(intent: ProviderIntent, payment: PaymentRow): void {
  if (intent.status === 'canceled') {
    throw new ConflictError('This payment was cancelled, so it cannot book the stay. Please start the booking again.');
  }
  if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') {
    throw new BadRequestError('The card has not been authorized for this payment yet. Please confirm your card first.');
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
  if (!matches) throw new ConflictError('This payment does not match the stay it was created for, so the stay was not booked.');
}

/**
 * Moves the held money for a payment whose booking exists. The idempotency key is the payment's, so
 * however many callers race here, the provider captures once.
 */
async function ensureCaptured(deps: BookingDeps, payment: PaymentRow): Promise<void> {
  if (payment.status !== 'authorized' && payment.status !== 'requires_payment') return;
  const intent = await deps.payments.captureIntent(payment.providerPaymentId, `capture-${payment.id}`);
  if (await markCaptured(deps.db, payment.id, intent.card)) deps.metrics?.payment('captured');
}

async function bookingForPayment(db: Db, paymentId: string): Promise<BookingRow | undefined> {
  return findBookingRow(db, eq(bookings.paymentId, paymentId));
}

function stayDetails(row: BookingRow): StayDetails {
  return {
    bookingId: row.id,
    reference: row.reference,
    policy: row.cancellationPolicy,
    title: row.title,
    location: row.location,
    from: row.checkIn,
    to: row.checkOut,
    nights: nightsBetween(row.checkIn, row.checkOut),
    guests: row.guests,
    totalCents: row.totalCents,
    guest: { name: row.guestName, email: row.guestEmail },
    host: { name: row.hostName, email: row.hostEmail },
  };
}

/** Voids the hold of a payment that cannot book its stay; the guest is not charged. */
async function voidPayment(deps: BookingDeps, payment: PaymentRow): Promise<void> {
  await deps.payments.cancelIntent(payment.providerPaymentId, `cancel-${payment.id}`);
  await markVoided(deps.db, payment.id);
  deps.metrics?.payment('voided');
}

/** Each stay rule's HTTP answer: the owner is forbidden, a taken night conflicts, the rest is a bad request. */
function stayProblemError(problem: StayProblem, message: string): Error {
  switch (problem) {
    case 'own-room':
      return new ForbiddenError(message);
    case 'taken':
      return new ConflictError(message);
    case 'too-many-guests':
      return new BadRequestError(message, { guests: message });
    default:
      return new BadRequestError(message);
  }
}

/** `settled`: the payment was booked by a concurrent confirmation, or cancelled, meanwhile. */
type InsertOutcome = { outcome: 'booked'; row: BookingRow } | { outcome: 'settled' | 'room-removed' | 'outside-window' | 'started' | 'blocked' };

const ROOM_REMOVED_MESSAGE = 'This room was removed by its host while you were paying, so it was not booked. You have not been charged.';
const WINDOW_CHANGED_MESSAGE =
  "The host changed this room's dates while you were paying, so these nights can no longer be booked. You have not been charged.";
const CHECK_IN_PASSED_MESSAGE = 'The check-in day passed while you were paying, so this stay was not booked. You have not been charged.';
/** Why a paid-for stay was not booked after all; the hold on the card is voided in each case. */
const REFUSAL_MESSAGES = {
  'room-removed': ROOM_REMOVED_MESSAGE,
  'outside-window': WINDOW_CHANGED_MESSAGE,
  started: CHECK_IN_PASSED_MESSAGE,
  blocked: OVERLAPPING_BOOKING_MESSAGE,
} as const;

/**
 * The short transaction that books a stay. The room's row is share-locked first: a host changing or
 * removing the room locks it for update, so either that change waits for this booking and sees it, or this
 * booking waits and sees the change (the room gone, or the stay outside its new dates). The payment is
 * marked authorized (its row lock queues a concurrent confirmation of the same payment behind this one),
 * then the booking is inserted with the room as it is now and the price the payment was made at. The booked
 * row is made from what the transaction read and wrote, not read back.
 */
async function insertBookingFor(deps: BookingDeps, payment: PaymentRow, intent: ProviderIntent): Promise<InsertOutcome> {
  return deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const locked = await lockRoomForBooking(tx, payment.roomId, payment.guestId);
    if (!locked || locked.room.deletedAt) return { outcome: 'room-removed' };
    const { room } = locked;
    if (!isInsideWindow({ from: payment.checkIn, to: payment.checkOut }, { from: room.availableFrom, to: room.availableTo })) {
      return { outcome: 'outside-window' };
    }
    // A card held late on the check-in day and confirmed after midnight where the room is would book a stay
    // that began yesterday.
    if (payment.checkIn < todayIn(room.timeZone)) return { outcome: 'started' };
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
      keptCents: payment.amountCents,
      // The policy the guest was shown before paying, as the price is the one they were charged.
      cancellationPolicy: payment.cancellationPolicy,
      reference: newBookingReference(),
    };
    const paid = { providerPaymentId: payment.providerPaymentId, refundedCents: payment.refundedCents, card: intent.card };
    // What the booking will be: the database adds only the moment it is made.
    const unborn = { ...values, status: 'confirmed' as const, createdAt: new Date(), cancelledAt: null, cancelRequestedAt: null, cancelRequestedBy: null, cancelRefundCents: null };
    const stay = stayDetails(insertedBookingRow(unborn, locked, paid));
    // Both mails and the other servers' notice commit with the booking, in its own statement: a crash after it
    // delays them, never loses them. Each mail carries the stay as an .ics event (integrations/calendar/ics.ts).
    const mails = mailJobs([
      { key: `booking-confirmed:${values.id}:guest`, message: withStayCalendar(bookingConfirmationMail(stay, deps.publicUrl), stay, deps.publicUrl) },
      { key: `booking-confirmed:${values.id}:host`, message: withStayCalendar(newBookingMail(stay, deps.publicUrl), stay, deps.publicUrl) },
    ]);
    const notice = deps.listing.announcement(payment.roomId);
    // The booking's statement is the transaction's last: its insert updates the shared statistics rows
    // (decision 036), whose row locks every other booking waits for until this transaction ends.
    const createdAt = await insertBookingWith(tx, values, notice ? [mails, notice] : [mails]);
    return { outcome: 'booked', row: insertedBookingRow({ ...unborn, createdAt }, locked, paid) };
  });
}

/**
 * The booking's transaction, made again when PostgreSQL broke a deadlock or the freshly drawn reference was
 * already given (about one draw in a trillion at a million bookings).
 */
async function insertBooking(deps: BookingDeps, payment: PaymentRow, intent: ProviderIntent): Promise<InsertOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await retryOnDeadlock(() => insertBookingFor(deps, payment, intent));
    } catch (err) {
      if (attempt >= 3 || !isReferenceCollision(err)) throw err;
    }
  }
}

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
  { providerPaymentId, actor = null }: { providerPaymentId: string; actor?: Actor | null },
): Promise<{ booking: Booking; created: boolean }> {
  const { db } = deps;
  // The payment and the booking it made, if any, in one read.
  const [found] = await paymentAndBooking(db).execute({ provider: deps.payments.name, providerPaymentId });
  if (!found) throw new NotFoundError(PAYMENT_NOT_FOUND);
  const { payment } = found;
  if (actor && payment.guestId !== actor.id) throw new ForbiddenError('This payment belongs to someone else.');

  const existing = found.bookingId ? await findBookingRow(db, eq(bookings.id, found.bookingId)) : undefined;
  if (existing) return { booking: await answerExisting(deps, payment, existing), created: false };
  if (payment.status === 'canceled') {
    throw new ConflictError('This payment was cancelled, so it cannot book the stay. Please start the booking again.');
  }

  const intent = await deps.payments.retrieveIntent(providerPaymentId);
  checkIntentMatches(intent, payment);
  let inserted: InsertOutcome;
  try {
    inserted = await insertBooking(deps, payment, intent);
  } catch (err) {
    if (sqlState(err) === PG_ERRORS.exclusionViolation) {
      await voidPayment(deps, payment);
      deps.metrics?.booking('refused');
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
    if (!row) throw new ConflictError('This payment was cancelled, so it cannot book the stay. Please start the booking again.');
    return { booking: await answerExisting(deps, payment, row), created: false };
  }
  deps.listing.forget(payment.roomId);
  deps.jobs.kick();

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

/** A confirmation answers the guest, about a stay that has not begun: nothing to review yet. */
const AS_BOOKING_GUEST = { side: 'guest', written: false } as const;

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

/**
 * A booked stay keeps its hold even if the provider cannot capture right now; the sweeper tries again.
 * A hold the provider no longer has (it expired, or was released) can never be captured: that stay is
 * cancelled instead, so its nights open again and the sweeper stops asking.
 */
async function captureOrLeaveForSweeper(deps: BookingDeps, payment: PaymentRow): Promise<'captured' | 'left' | 'cancelled'> {
  try {
    await ensureCaptured(deps, payment);
    return 'captured';
  } catch (err) {
    if (await holdIsGone(deps, payment)) {
      deps.log.warn({ paymentId: payment.id }, 'the card hold is gone before capture; the stay is cancelled');
      await cancelUnpaidStay(deps, payment);
      return 'cancelled';
    }
    deps.log.error({ err, paymentId: payment.id }, 'capture failed; the payment sweeper will try again');
    deps.metrics?.payment('capture_failed');
    return 'left';
  }
}

/** The provider's own word that a payment's hold is released; a provider that cannot be asked says no. */
async function holdIsGone(deps: BookingDeps, payment: PaymentRow): Promise<boolean> {
  try {
    return (await deps.payments.retrieveIntent(payment.providerPaymentId)).status === 'canceled';
  } catch {
    return false;
  }
}

/**
 * Ends a confirmed stay in one transaction: `flip` (a guarded statement of payment-states) flips the booking and
 * its payment together, and both parties' mails and the other servers' notice are queued, all at the commit.
 * False, with nothing done, when the stay was no longer confirmed (a concurrent caller ended it first).
 */
async function endStay(
  deps: BookingDeps,
  { paymentId, roomId, flip, mail }: {
    paymentId: string;
    roomId: string;
    flip: (tx: Db) => Promise<boolean>;
    mail: { kind: string; build: (stay: StayDetails, recipient: 'guest' | 'host') => MailMessage };
  },
): Promise<boolean> {
  const ended = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (!(await flip(tx))) return false;
    const row = (await bookingForPayment(tx, paymentId))!;
    const stay = stayDetails(row);
    for (const recipient of ['guest', 'host'] as const) {
      // Every ending is a cancellation: the mail's .ics cancels the event the booking mail added (same UID).
      await enqueueMail(tx, `${mail.kind}:${row.id}:${recipient}`, withStayCalendar(mail.build(stay, recipient), stay, deps.publicUrl, { cancelled: true }));
    }
    await deps.listing.announce(tx, roomId);
    return true;
  });
  if (ended) {
    deps.listing.forget(roomId);
    deps.jobs.kick();
  }
  return ended;
}

/** Cancels the booking of a payment that was never collected, once, and tells both sides. */
async function cancelUnpaidStay(deps: BookingDeps, payment: PaymentRow): Promise<void> {
  const ended = await endStay(deps, {
    paymentId: payment.id,
    roomId: payment.roomId,
    flip: (tx) => cancelUnpaid(tx, payment.id),
    mail: { kind: 'booking-unpaid', build: (stay, recipient) => unpaidStayCancelledMail(stay, recipient, deps.publicUrl) },
  });
  if (!ended) return;
  deps.metrics?.booking('cancelled');
  deps.metrics?.payment('expired');
}

/**
 * Who may cancel a stay: its guest or the room's host. To anyone else the booking does not exist, as its trip page
 * and its .ics answer: a stranger hears the same 404 for a real booking and a made-up id.
 */
function cancellerOf(row: BookingRow, actor: Actor): 'guest' | 'host' {
  const by = row.guestId === actor.id ? 'guest' : row.hostId === actor.id ? 'host' : null;
  if (!by) throw new NotFoundError(BOOKING_NOT_FOUND);
  return by;
}

/** What cancelling a stay now would refund, by the policy it was booked under (a host's: everything). */
export function refundNow(row: BookingRow, by: 'guest' | 'host', now: Date = new Date(), today: IsoDate = todayIn(row.timeZone, now)): Refund {
  return refundFor({
    policy: row.cancellationPolicy,
    totalCents: row.totalCents,
    checkIn: row.checkIn,
    bookedAt: row.createdAt,
    today,
    now,
    cancelledBy: by,
  });
}

/** `GET /api/booking/:id/cancellation`: what the confirm dialog shows before a guest or host cancels. */
export async function previewCancellation(db: Db, { actor, bookingId, today }: { actor: Actor; bookingId: string; today?: IsoDate }): Promise<CancellationQuote> {
  const row = await findBookingRow(db, eq(bookings.id, bookingId));
  if (!row) throw new NotFoundError(BOOKING_NOT_FOUND);
  const by = cancellerOf(row, actor);
  const day = today ?? todayIn(row.timeZone);
  if (row.status === 'cancelled') throw new ConflictError('This stay is already cancelled.');
  if (day >= row.checkIn) throw new ConflictError(STAY_STARTED_MESSAGE);
  const { refundCents, totalCents, share } = refundNow(row, by, new Date(), day);
  return { policy: row.cancellationPolicy, cancelledBy: by, refundCents, totalCents, share };
}

/**
 * Cancels a confirmed stay before its check-in day, for its guest or the room's host. The refund is decided now,
 * from the policy the stay was booked under (a host's cancellation refunds in full), and written on the booking
 * with the request; a caller who was shown another amount (`expectedRefundCents`) hears 409 and nothing happens.
 * Then the refund is made (one idempotency key per booking, so it is never made twice); then one transaction
 * flips the booking, records the refund on the payment and queues both mails. A server that dies between the
 * refund and the flip leaves the request behind, and the payment sweeper finishes it with the refund the provider
 * already made. Cancelling again answers the cancelled booking and refunds nothing more.
 */
export async function cancelBooking(
  deps: BookingDeps,
  { actor, bookingId, expectedRefundCents, today: fixedToday }: { actor: Actor; bookingId: string; expectedRefundCents?: number; today?: IsoDate },
): Promise<Booking> {
  const { db } = deps;
  const row = await findBookingRow(db, eq(bookings.id, bookingId));
  if (!row) throw new NotFoundError(BOOKING_NOT_FOUND);
  // The check-in day begins at midnight where the room is.
  const today = fixedToday ?? todayIn(row.timeZone);
  const by = cancellerOf(row, actor);
  // A stay that could be cancelled had not begun, so neither side could have reviewed it.
  if (row.status === 'cancelled') return toBooking(row, today, { side: by, written: false });
  if (today >= row.checkIn) throw new ConflictError(STAY_STARTED_MESSAGE);

  const { refundCents, totalCents } = refundNow(row, by, new Date(), today);
  if (expectedRefundCents !== undefined && expectedRefundCents !== refundCents && row.cancelRequestedAt === null) {
    throw new ConflictError(
      `The refund for cancelling this stay is now ${formatMoney(refundCents)} of ${formatMoney(totalCents)}. Please look again before cancelling.`,
    );
  }
  // When the other side asked first, theirs is the request: this one finishes it as it was recorded.
  await markCancelRequested(db, row.id, { by, refundCents });
  return toBooking(await finishCancellation(deps, { bookingId: row.id }), today, { side: by, written: false });
}

/**
 * Refunds and cancels a stay whose cancellation was asked for, with the refund and the canceller recorded then
 * (whoever calls this, the mails say who asked first). `reconcile` (the sweeper, after a crash) asks the provider
 * first: money it has refunded on the payment already is the refund, and nothing more is refunded.
 */
export async function finishCancellation(
  deps: BookingDeps,
  { bookingId, reconcile = false }: { bookingId: string; reconcile?: boolean },
): Promise<BookingRow> {
  const { db } = deps;
  const current = async () => (await findBookingRow(db, eq(bookings.id, bookingId)))!;
  const row = await current();
  if (row.status === 'cancelled') return row;
  // A request written before the canceller was recorded was a guest's: only guests could cancel then.
  const cancelledBy = row.cancelRequestedBy ?? 'guest';
  const payment = (await db.select().from(payments).where(eq(payments.id, row.paymentId)))[0]!;
  try {
    await ensureCaptured(deps, payment);
  } catch (err) {
    // Nothing was collected and nothing can be: the stay ends here without a refund.
    if (!(await holdIsGone(deps, payment))) throw err;
    await cancelUnpaidStay(deps, payment);
    return current();
  }
  // A request written before refunds were decided per policy refunds in full, as every cancellation did then.
  const decided = Math.min(row.cancelRefundCents ?? payment.amountCents, payment.amountCents);
  const already = reconcile ? (await deps.payments.retrieveIntent(payment.providerPaymentId)).amountRefundedCents : 0;
  const refundedCents =
    already > 0 || decided === 0
      ? already
      : (await deps.payments.refund({ intentId: payment.providerPaymentId, amountCents: decided, idempotencyKey: `refund-${row.id}` })).amountCents;

  const ended = await endStay(deps, {
    paymentId: payment.id,
    roomId: row.roomId,
    flip: (tx) => cancelRefunded(tx, payment.id, refundedCents),
    mail: {
      kind: 'booking-cancelled',
      build: (stay, recipient) => bookingCancelledMail(stay, recipient, cancelledBy, refundedCents, deps.publicUrl),
    },
  });
  if (ended) {
    deps.metrics?.booking('cancelled');
    if (refundedCents > 0) deps.metrics?.payment('refunded');
  }
  return current();
}

/** My Bookings (`as: 'guest'`) or Manage Bookings (`as: 'host'`, stays in the actor's rooms). */
export async function listBookings(
  db: Db,
  { actor, as, cursor, limit, today }: { actor: Actor; as: 'guest' | 'host'; cursor?: string | undefined; limit: number; today?: IsoDate },
): Promise<BookingsPage> {
  const scope = as === 'guest' ? guestScope(actor.id) : hostScope(actor.id);
  // Unless a test fixes the day, each stay is judged by today where its room is.
  const page = await listBookingRows(db, { scope, today, cursor, limit });
  const written = await reviewedBookings(db, page.rows.map((r) => r.id), as);
  return { items: page.rows.map((r) => toBooking(r, today, { side: as, written: written.has(r.id) })), nextCursor: page.nextCursor };
}

/** The spec's `/my-bookings/:email` form: only the caller's own e-mail is answered. */
export function assertOwnEmail(actor: Actor, email: string): void {
  if (!isOwnEmail(actor, email)) throw new ForbiddenError('You can only see your own bookings.');
}

