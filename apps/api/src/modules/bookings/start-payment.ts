/*
 * Step 1 of a booking: the quote and the payment intent. The server checks the stay against the room's rules and
 * what already takes its nights, prices it, asks the provider for an intent and records our payment row
 * (`requires_payment`). Next: the card form, then confirm-booking.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  countOf,
  describeStayProblem,
  findStayProblem,
  listingRulesOf,
  nightsBetween,
  quoteStay,
  todayIn,
  withPreparation,
  type IsoDate,
  type PaymentIntent,
  type StayProblem,
  type StayRoom,
} from '@staybook/domain';
import { preparedStatement } from '../../db/client.js';
import { payments, rooms } from '../../db/schema.js';
import { AlreadyBookedError, BadRequestError, ConflictError, ForbiddenError, NotFoundError, OVERLAPPING_BOOKING_MESSAGE, ROOM_NOT_FOUND_MESSAGE } from '../../errors.js';
import type { Actor } from '../../plugins/session.js';
import type { BookingDeps } from './booking-deps.js';
import { takenNightsOf } from './bookings.queries.js';
import { listNightSettings, occupiedRangesIn } from './room-nights.queries.js';
import { currentCurrency, currentCurrencySql } from '../fees/currency.service.js';
import { currentFeeRates } from '../fees/fees.service.js';

/**
 * Starts paying for a stay. The server decides everything but the room, the dates and the guest count (which
 * the room must take): the guest is the signed-in user, the price the one quote of the room's rules and calendar, the
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
  if (!found) throw new NotFoundError(ROOM_NOT_FOUND_MESSAGE);
  const { room, taken } = found;
  const stay = { from, to };
  const rules = listingRulesOf(room);
  const [nightSettings, fees] = await Promise.all([listNightSettings(db, roomId, stay), currentFeeRates(db)]);
  const stayRoom: StayRoom = {
    from: room.availableFrom,
    to: room.availableTo,
    priceCents: room.priceCents,
    guests: room.guests,
    hostId: room.hostId,
    today: fixedToday ?? todayIn(room.timeZone),
    timeZone: room.timeZone,
    rules,
    nightSettings,
    serviceFeeBp: fees.guestFeeBp,
  };
  const problem = findStayProblem({ stay, room: stayRoom, viewerId: actor.id, guests });
  if (problem) throw stayProblemError(problem, describeStayProblem(problem, { stay, room: stayRoom, guests }));
  if (taken === 'own') throw new AlreadyBookedError();
  // A night an imported calendar took is answered like a night booked here.
  if (taken) throw new ConflictError(OVERLAPPING_BOOKING_MESSAGE);
  if (rules.preparationNights > 0) {
    // The stays and imported blocks near enough that the host's preparation time needs some of these nights.
    const near = await occupiedRangesIn(db, roomId, withPreparation([stay], rules.preparationNights)[0]!);
    const tooClose = findStayProblem({ stay, room: stayRoom, taken: near, guests });
    if (tooClose) throw stayProblemError(tooClose, describeStayProblem(tooClose, { stay, room: stayRoom, guests }));
  }
  const nights = nightsBetween(from, to);
  // The marketplace's rates now: the payment keeps them, and its booking after it.
  const { lines: priceLines, totalCents } = quoteStay(rules, nightSettings, stay, guests, { guestFeeBp: fees.guestFeeBp });

  const paymentId = randomUUID();
  const intent = await deps.payments.createIntent({
    amountCents: totalCents,
    // The marketplace's currency now, lower case as Stripe takes it; the payment row reads it again (currentCurrencySql).
    currency: (await currentCurrency(db)).toLowerCase(),
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
    priceLines,
    guestFeeBp: fees.guestFeeBp,
    hostCommissionBp: fees.hostCommissionBp,
    // The room's way of booking as the guest saw it: a request waits for the host, whatever they change meanwhile.
    request: !room.instantBook,
    currency: currentCurrencySql,
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
    lines: priceLines,
    guests,
    cancellationPolicy: room.cancellationPolicy,
    request: !room.instantBook,
  };
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
