import { randomUUID } from 'node:crypto';
import {
  addDays,
  marketplaceCurrency,
  listingRulesOf,
  nightsBetween,
  normalizeEmail,
  quoteStay,
  TEST_SUCCESS_CARD,
  todayIso,
  type CardInput,
  type CategoryLabel,
  type IsoDate,
  type Role,
} from '@staybook/domain';
import type { TestPaymentProcessor } from '../integrations/payments/test-processor.js';
import { newBookingReference } from './booking-reference.js';
import type { Db } from './client.js';
import { postCapture, postRefund } from './ledger.js';
import { bookings, payments, rooms, users } from './schema.js';

/**
 * The one way tests and the demo seed create rows, so both exercise the same shapes.
 * Every field has a plausible default; callers pass only what their case is about.
 */
export type NewUser = typeof users.$inferInsert;
export type NewRoom = typeof rooms.$inferInsert;

export async function insertUser(
  db: Db,
  overrides: Partial<NewUser> & { role?: Role } = {},
): Promise<typeof users.$inferSelect> {
  const id = overrides.id ?? randomUUID();
  const email = normalizeEmail(overrides.email ?? `user-${id.slice(0, 8)}@example.com`);
  const [user] = await db
    .insert(users)
    .values({ name: 'Sam Example', emailVerified: true, ...overrides, id, email })
    .returning();
  return user!;
}

export async function insertRoom(
  db: Db,
  overrides: Partial<NewRoom> & { hostId: string },
): Promise<typeof rooms.$inferSelect> {
  const from = overrides.availableFrom ?? addDays(todayIso(), 14);
  const [room] = await db
    .insert(rooms)
    .values({
      title: 'A quiet place to stay',
      location: 'Lisbon, Portugal',
      category: 'Modern' satisfies CategoryLabel,
      availableTo: addDays(from, 5),
      priceCents: 12_000,
      guests: 2,
      bedrooms: 1,
      bathrooms: 1,
      description: 'Bright rooms, a calm street and everything you need for a short stay.',
      image: '/uploads/placeholder.webp',
      ...overrides,
      photos: overrides.photos ?? [overrides.image ?? '/uploads/placeholder.webp'],
      availableFrom: from,
    })
    .returning();
  return room!;
}

/**
 * A stay as it is stored once paid: a captured payment and the booking it backs, with the room's
 * details copied as they are now. `status: 'cancelled'` stores a cancelled, refunded stay.
 * With `processor`, the money really goes through the built-in test processor (intent, card, capture and,
 * for a cancelled stay, refund), so its records match, as they would at Stripe; without it the payment
 * names a made-up intent, which is enough where only our own tables matter.
 */
export async function insertBooking(
  db: Db,
  params: {
    room: typeof rooms.$inferSelect;
    guestId: string;
    checkIn: IsoDate;
    checkOut: IsoDate;
    status?: 'confirmed' | 'cancelled';
    provider?: string;
    createdAt?: Date;
    processor?: TestPaymentProcessor;
    card?: CardInput;
  },
): Promise<{ booking: typeof bookings.$inferSelect; payment: typeof payments.$inferSelect }> {
  const { room, guestId, checkIn, checkOut, status = 'confirmed', provider = 'test', createdAt = new Date(), processor } = params;
  // Priced as the API prices it (a reversed stay, which only constraint tests insert, as one night).
  const stay = nightsBetween(checkIn, checkOut) >= 1 ? { from: checkIn, to: checkOut } : { from: checkIn, to: addDays(checkIn, 1) };
  const { lines: priceLines, totalCents: amountCents } = quoteStay(listingRulesOf(room), [], stay, 1);
  const cancelled = status === 'cancelled';
  const paymentId = randomUUID();
  const bookingId = randomUUID();
  let providerPaymentId = `pi_seed_${randomUUID().replaceAll('-', '')}`;
  let card = { brand: 'visa', last4: '4242' };
  if (processor) {
    const intent = await processor.createIntent({
      amountCents,
      currency: marketplaceCurrency().toLowerCase(),
      metadata: { paymentId, roomId: room.id, guestId, checkIn, checkOut },
      description: `${room.title}: ${checkIn} to ${checkOut}`,
      idempotencyKey: `intent-${paymentId}`,
    });
    const held = await processor.confirmCard(
      intent.clientSecret!,
      params.card ?? { number: TEST_SUCCESS_CARD, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' },
    );
    await processor.captureIntent(intent.id, `capture-${paymentId}`);
    if (cancelled) await processor.refund({ intentId: intent.id, amountCents, idempotencyKey: `refund-${bookingId}` });
    providerPaymentId = intent.id;
    card = held.card!;
  }
  const [payment] = await db
    .insert(payments)
    .values({
      id: paymentId,
      provider,
      providerPaymentId,
      guestId,
      roomId: room.id,
      checkIn,
      checkOut,
      nightlyPriceCents: room.priceCents,
      cancellationPolicy: room.cancellationPolicy,
      amountCents,
      priceLines,
      currency: marketplaceCurrency().toLowerCase(),
      status: cancelled ? 'refunded' : 'succeeded',
      refundedCents: cancelled ? amountCents : 0,
      cardBrand: card.brand,
      cardLast4: card.last4,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const [booking] = await db
    .insert(bookings)
    .values({
      id: bookingId,
      roomId: room.id,
      guestId,
      paymentId,
      checkIn,
      checkOut,
      roomTitle: room.title,
      roomLocation: room.location,
      roomImage: room.image,
      nightlyPriceCents: room.priceCents,
      totalCents: amountCents,
      priceLines,
      keptCents: cancelled ? 0 : amountCents,
      cancellationPolicy: room.cancellationPolicy,
      reference: newBookingReference(),
      status,
      createdAt,
      cancelledAt: cancelled ? createdAt : null,
    })
    .returning();
  // The ledger as the product posts it: the capture when the stay was booked, the refund when it was cancelled.
  await postCapture(db, paymentId, createdAt);
  if (cancelled) await postRefund(db, paymentId, amountCents);
  return { booking: booking!, payment: payment! };
}
