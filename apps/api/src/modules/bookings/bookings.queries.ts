import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  bookingIdSchema,
  centsToDollars,
  findReviewProblem,
  isStayActive,
  nightsBetween,
  reviewWindow,
  stayPhase,
  todayIn,
  type Booking,
  type BookingReview,
  type BookingState,
  type CancellationPolicy,
  type IsoDate,
  type Locale,
  type QuoteLine,
  type ReviewSide,
  type StayStatus,
} from '@staybook/domain';
import { preparedSelect, queryRows, type Db } from '../../db/client.js';
import { bookings, calendarBlocks, payments, reviews, roomNightSettings, rooms, users } from '../../db/schema.js';
import { dateValue, holdsNightsSql, isStayActiveSql, roomTodaySql, staysOverlapSql } from '../../db/stay-sql.js';
import { BadRequestError } from '../../errors.js';

const guest = alias(users, 'guest');
const host = alias(users, 'host');

/** A booking with what its answer needs: the payment behind it, the room's host and both parties. */
function selectBookingRows(db: Db) {
  return db
    .select({
      id: bookings.id,
      roomId: bookings.roomId,
      guestId: bookings.guestId,
      hostId: rooms.hostId,
      /** The room's zone: its check-in days begin at its midnight (docs/decisions/026-room-time-zone.md). */
      timeZone: rooms.timeZone,
      paymentId: bookings.paymentId,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      title: bookings.roomTitle,
      location: bookings.roomLocation,
      image: bookings.roomImage,
      nightlyPriceCents: bookings.nightlyPriceCents,
      guests: bookings.guests,
      totalCents: bookings.totalCents,
      priceLines: bookings.priceLines,
      keptCents: bookings.keptCents,
      hostCommissionBp: bookings.hostCommissionBp,
      reference: bookings.reference,
      cancellationPolicy: bookings.cancellationPolicy,
      cancelRequestedAt: bookings.cancelRequestedAt,
      cancelRequestedBy: bookings.cancelRequestedBy,
      cancelRefundCents: bookings.cancelRefundCents,
      status: bookings.status,
      createdAt: bookings.createdAt,
      cancelledAt: bookings.cancelledAt,
      requestExpiresAt: bookings.requestExpiresAt,
      requestAnswer: bookings.requestAnswer,
      requestAnsweredAt: bookings.requestAnsweredAt,
      requestMessage: bookings.requestMessage,
      providerPaymentId: payments.providerPaymentId,
      refundedCents: payments.refundedCents,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
      guestName: guest.name,
      guestEmail: guest.email,
      guestImage: guest.image,
      /** The languages saved on both parties' accounts: each one's mails are written in theirs (decision 062). */
      guestLocale: guest.locale,
      hostName: host.name,
      hostEmail: host.email,
      hostImage: host.image,
      hostLocale: host.locale,
    })
    .from(bookings)
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(guest, eq(guest.id, bookings.guestId))
    .innerJoin(host, eq(host.id, rooms.hostId));
}

export type BookingRow = Awaited<ReturnType<typeof selectBookingRows>>[number];

/** Where the booking stands on the room's today: the domain's phase of its stay. */
export function bookingState(row: { status: StayStatus; checkIn: IsoDate; checkOut: IsoDate }, today: IsoDate): BookingState {
  return stayPhase({ status: row.status, from: row.checkIn, to: row.checkOut }, today);
}

/** The viewer's side of a stay's reviews: whether they may write theirs now (the domain's rules) and whether they did. */
export function bookingReview(row: BookingRow, side: ReviewSide, written: boolean, today: IsoDate): BookingReview {
  const viewerId = side === 'guest' ? row.guestId : row.hostId;
  const stay = { guestId: row.guestId, hostId: row.hostId, status: row.status, checkOut: row.checkOut };
  return { canWrite: findReviewProblem({ viewerId, stay, today, written }) === null, written, closesOn: reviewWindow(row.checkOut).closesOn };
}

/** Which of these bookings `side` has reviewed (one probe of reviews_booking_side_key each). */
export async function reviewedBookings(db: Db, bookingIds: string[], side: ReviewSide): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .select({ bookingId: reviews.bookingId })
    .from(reviews)
    .where(and(inArray(reviews.bookingId, bookingIds), eq(reviews.side, side)));
  return new Set(rows.map((r) => r.bookingId));
}

/**
 * A booking as the API answers it; `today` (for tests) defaults to today where the room is. `review` is the
 * viewer's side of its reviews (null: an answer where no side applies).
 */
export function toBooking(
  row: BookingRow,
  today: IsoDate = todayIn(row.timeZone),
  review: { side: ReviewSide; written: boolean } | null = null,
): Booking {
  const state = bookingState(row, today);
  return {
    _id: row.id,
    reference: row.reference,
    roomId: row.roomId,
    title: row.title,
    location: row.location,
    image: row.image,
    from: row.checkIn,
    to: row.checkOut,
    nights: nightsBetween(row.checkIn, row.checkOut),
    nightlyPriceCents: row.nightlyPriceCents,
    guests: row.guests,
    price: centsToDollars(row.totalCents),
    priceCents: row.totalCents,
    lines: row.priceLines,
    refundedCents: row.refundedCents,
    keptCents: row.keptCents,
    transactionId: row.providerPaymentId,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    date: row.createdAt.toISOString(),
    status: row.status,
    state,
    cancellable: state === 'upcoming',
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.status === 'cancelled' ? cancellerOfRow(row) : null,
    cancellationPolicy: row.cancellationPolicy,
    guest: { name: row.guestName, email: row.guestEmail, image: row.guestImage },
    host: { name: row.hostName, email: row.hostEmail, image: row.hostImage },
    review: review && bookingReview(row, review.side, review.written, today),
    request: row.requestExpiresAt && {
      expiresAt: row.requestExpiresAt.toISOString(),
      answer: row.requestAnswer,
      answeredAt: row.requestAnsweredAt?.toISOString() ?? null,
      message: row.requestMessage,
    },
  };
}

/** Who ended a cancelled booking: the side that asked, the host who declined, the guest who withdrew (null: nobody did). */
function cancellerOfRow(row: Pick<BookingRow, 'cancelRequestedBy' | 'requestAnswer'>): 'guest' | 'host' | null {
  if (row.requestAnswer === 'declined') return 'host';
  if (row.requestAnswer === 'withdrawn') return 'guest';
  return row.cancelRequestedBy ?? null;
}

export async function findBookingRow(db: Db, where: SQL): Promise<BookingRow | undefined> {
  const [row] = await selectBookingRows(db).where(where).limit(1);
  return row;
}

const roomLockedForBooking = preparedSelect('room_locked_for_booking', (db) =>
  db
    .select({
      room: rooms,
      host: { name: host.name, email: host.email, image: host.image, locale: host.locale },
      guest: { name: guest.name, email: guest.email, image: guest.image, locale: guest.locale },
    })
    .from(rooms)
    .innerJoin(host, eq(host.id, rooms.hostId))
    .innerJoin(guest, eq(guest.id, sql.placeholder('guestId')))
    .where(eq(rooms.id, sql.placeholder('roomId')))
    .for('share', { of: rooms }),
);

/**
 * Inside the booking's transaction: the room's row, share-locked (a host's change or removal waits for this
 * booking, or this booking for it), with its host and the paying guest as the booking's answer and mails name
 * them. Undefined when the room is gone.
 */
export async function lockRoomForBooking(tx: Db, roomId: string, guestId: string) {
  const [found] = await roomLockedForBooking(tx).execute({ roomId, guestId });
  return found;
}

/** The columns the booking's transaction writes; the database adds the moment. */
export type NewBooking = Pick<
  typeof bookings.$inferInsert,
  'roomId' | 'guestId' | 'paymentId' | 'checkIn' | 'checkOut' | 'roomTitle' | 'roomLocation' | 'roomImage' | 'guests' | 'reference'
> & {
  id: string;
  nightlyPriceCents: number;
  totalCents: number;
  priceLines: QuoteLine[];
  keptCents: number;
  cancellationPolicy: CancellationPolicy;
  turnoverNights: number;
  guestFeeBp: number;
  hostCommissionBp: number;
  /** 'requested' (with when it lapses) for a request to book, else 'confirmed'. */
  status: 'confirmed' | 'requested';
  requestExpiresAt: Date | null;
};

/**
 * The booking's insert, with the writes that must commit with it (`companions`: data-modifying statements such as
 * the mails' jobs) in its `with`, so they cost no round trip of their own. Answers the moment it was made.
 */
export async function insertBookingWith(tx: Db, b: NewBooking, companions: SQL[]): Promise<Date> {
  const withs = companions.length > 0 ? sql`with ${sql.join(companions.map((c, i) => sql`${sql.raw(`companion_${i}`)} as (${c})`), sql`, `)} ` : sql``;
  const [row] = await queryRows<{ createdMs: number }>(
    tx,
    sql`${withs}insert into ${bookings} (id, room_id, guest_id, payment_id, check_in, check_out, room_title, room_location, room_image,
        nightly_price_cents, guests, total_cents, price_lines, kept_cents, cancellation_policy, turnover_nights, guest_fee_bp, host_commission_bp, reference,
        status, request_expires_at)
      values (${b.id}::uuid, ${b.roomId}::uuid, ${b.guestId}, ${b.paymentId}::uuid, ${b.checkIn}::date, ${b.checkOut}::date, ${b.roomTitle},
        ${b.roomLocation}, ${b.roomImage}, ${b.nightlyPriceCents}, ${b.guests}, ${b.totalCents}, ${JSON.stringify(b.priceLines)}::jsonb, ${b.keptCents}, ${b.cancellationPolicy}, ${b.turnoverNights}, ${b.guestFeeBp}, ${b.hostCommissionBp}, ${b.reference},
        ${b.status}::booking_status, ${b.requestExpiresAt?.toISOString() ?? null}::timestamptz)
      returning (extract(epoch from created_at) * 1000)::float8 as "createdMs"`,
  );
  return new Date(row!.createdMs);
}

type Party = { name: string; email: string; image: string | null; locale: Locale | null };

/**
 * The row `selectBookingRows` would read back for a booking just inserted, made from what its transaction already
 * holds: the inserted booking, the locked room with its host and guest, and the payment with the card held.
 */
export function insertedBookingRow(
  inserted: typeof bookings.$inferSelect,
  { room, host: roomHost, guest: payer }: { room: typeof rooms.$inferSelect; host: Party; guest: Party },
  payment: { providerPaymentId: string; refundedCents: number; card: { brand: string; last4: string } | null },
): BookingRow {
  return {
    id: inserted.id,
    roomId: inserted.roomId,
    guestId: inserted.guestId,
    hostId: room.hostId,
    timeZone: room.timeZone,
    paymentId: inserted.paymentId,
    checkIn: inserted.checkIn,
    checkOut: inserted.checkOut,
    title: inserted.roomTitle,
    location: inserted.roomLocation,
    image: inserted.roomImage,
    nightlyPriceCents: inserted.nightlyPriceCents,
    guests: inserted.guests,
    totalCents: inserted.totalCents,
    priceLines: inserted.priceLines,
    keptCents: inserted.keptCents,
    hostCommissionBp: inserted.hostCommissionBp,
    reference: inserted.reference,
    cancellationPolicy: inserted.cancellationPolicy,
    cancelRequestedAt: inserted.cancelRequestedAt,
    cancelRequestedBy: inserted.cancelRequestedBy,
    cancelRefundCents: inserted.cancelRefundCents,
    status: inserted.status,
    createdAt: inserted.createdAt,
    cancelledAt: inserted.cancelledAt,
    requestExpiresAt: inserted.requestExpiresAt,
    requestAnswer: inserted.requestAnswer,
    requestAnsweredAt: inserted.requestAnsweredAt,
    requestMessage: inserted.requestMessage,
    providerPaymentId: payment.providerPaymentId,
    refundedCents: payment.refundedCents,
    cardBrand: payment.card?.brand ?? null,
    cardLast4: payment.card?.last4 ?? null,
    guestName: payer.name,
    guestEmail: payer.email,
    guestImage: payer.image,
    guestLocale: payer.locale,
    hostName: roomHost.name,
    hostEmail: roomHost.email,
    hostImage: roomHost.image,
    hostLocale: roomHost.locale,
  };
}

type Param<T> = T | Placeholder;

/** Whose stay holding nights of the room (confirmed or requested) shares a night with [from, to): 'own' (it wins when there are several), 'other', or null. */
function overlappingStay(roomId: Param<string>, from: Param<IsoDate>, to: Param<IsoDate>, guestId: Param<string>): SQL<'own' | 'other' | null> {
  const overlap = staysOverlapSql({ from: sql`b.check_in`, to: sql`b.check_out` }, { from: dateValue(from), to: dateValue(to) });
  return sql`(select case when b.guest_id = ${guestId} then 'own' else 'other' end from ${bookings} b
    where b.room_id = ${roomId}::uuid and ${holdsNightsSql(sql`b.status`)} and ${overlap}
    order by b.guest_id = ${guestId} desc limit 1)`;
}

/**
 * What already takes a night of [from, to) in a room: a confirmed stay of `guestId`'s own, someone else's, a
 * night an imported calendar blocked, or nothing. One read for the payment form.
 */
export function takenNightsOf(
  roomId: Param<string>,
  from: Param<IsoDate>,
  to: Param<IsoDate>,
  guestId: Param<string>,
): SQL<'own' | 'other' | 'blocked' | null> {
  return sql`coalesce(${overlappingStay(roomId, from, to, guestId)}, case when ${blockedNightIn(roomId, from, to)} then 'blocked' end)`;
}

/** Whether an imported calendar or the host's own calendar blocks a night of [from, to) in the room. */
export function blockedNightIn(roomId: Param<string>, from: Param<IsoDate>, to: Param<IsoDate>): SQL<boolean> {
  const stay = { from: dateValue(from), to: dateValue(to) };
  const imported = staysOverlapSql({ from: sql`c.check_in`, to: sql`c.check_out` }, stay);
  const closed = staysOverlapSql({ from: sql`s.check_in`, to: sql`s.check_out` }, stay);
  return sql`(exists (select 1 from ${calendarBlocks} c where c.room_id = ${roomId}::uuid and ${imported})
    or exists (select 1 from ${roomNightSettings} s where s.room_id = ${roomId}::uuid and s.blocked and ${closed}))`;
}

/** Whose confirmed stay of the room shares a night with [from, to): `guest`'s own, someone else's, or none. */
export async function overlappingStayOf(db: Db, roomId: string, from: IsoDate, to: IsoDate, guestId: string): Promise<'own' | 'other' | null> {
  const [row] = await queryRows<{ stay: 'own' | 'other' | null }>(db, sql`select ${overlappingStay(roomId, from, to, guestId)} as stay`);
  return row?.stay ?? null;
}

/**
 * The lists' order: stays that have not ended first, soonest first; then past and cancelled ones, latest
 * first. One sort key (group, day, id) makes the order total, so a cursor holding the last item's key
 * pages without repeats or gaps.
 */
type ListCursor = { group: number; day: number; id: string };

function orderKey(today: IsoDate | undefined) {
  // Today where each room is, unless a test fixes the day.
  const day = today === undefined ? roomTodaySql(rooms.timeZone) : dateValue(today);
  const active = isStayActiveSql({ status: bookings.status, to: bookings.checkOut }, day);
  return {
    group: sql<number>`(case when ${active} then 0 else 1 end)`,
    // Days since 2000-01-01, negated for the second group so that a plain ascending order is latest first.
    day: sql<number>`(case when ${active} then ${bookings.checkIn} - date '2000-01-01' else date '2000-01-01' - ${bookings.checkIn} end)`,
  };
}

function encodeCursor(c: ListCursor): string {
  return Buffer.from(JSON.stringify([c.group, c.day, c.id])).toString('base64url');
}

function decodeCursor(text: string): ListCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [group, day, id] = value as unknown[];
      if (
        (group === 0 || group === 1) &&
        Number.isInteger(day) &&
        Math.abs(day as number) < 3_000_000 &&
        bookingIdSchema.safeParse(id).success
      ) {
        return { group, day: day as number, id: id as string };
      }
    }
  } catch {
    // Falls through to the error below: a cursor the client altered or made up.
  }
  throw new BadRequestError(/*i18n*/ 'The page cursor is not valid; start again from the first page.', { cursor: 'Invalid cursor' });
}

/** One page of the bookings `scope` selects (a guest's, or those on a host's rooms). */
export async function listBookingRows(
  db: Db,
  params: { scope: SQL; today?: IsoDate | undefined; cursor?: string | undefined; limit: number },
): Promise<{ rows: BookingRow[]; nextCursor: string | null }> {
  const key = orderKey(params.today);
  const conditions = [params.scope];
  if (params.cursor) {
    const after = decodeCursor(params.cursor);
    conditions.push(sql`(${key.group}, ${key.day}, ${bookings.id}) > (${after.group}::int, ${after.day}::int, ${after.id}::uuid)`);
  }
  const rows = await selectBookingRows(db)
    .where(and(...conditions))
    .orderBy(key.group, key.day, asc(bookings.id))
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const last = page[page.length - 1];
  if (rows.length <= params.limit || !last) return { rows: page, nextCursor: null };
  // The same test as the order's `active`, or the cursor would skip or repeat rows.
  const active = isStayActive({ status: last.status, to: last.checkOut }, params.today ?? todayIn(last.timeZone));
  const day = nightsBetween('2000-01-01', last.checkIn);
  return { rows: page, nextCursor: encodeCursor({ group: active ? 0 : 1, day: active ? day : -day, id: last.id }) };
}

export const guestScope = (guestId: string): SQL => eq(bookings.guestId, guestId);
export const hostScope = (hostId: string): SQL => eq(rooms.hostId, hostId);
