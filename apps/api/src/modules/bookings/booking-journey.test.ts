import { describe, expect, it } from 'vitest';
import type { Schema } from '@staybook/client';
import { useBookingSuite } from '../../test/booking-suite.js';
import { testCard } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';

/**
 * A guest's whole journey, and the host's side of it, through the typed client (packages/client): every call and
 * every field read here is the OpenAPI document's, so a route whose contract changes (a renamed field, a new
 * required one, another path) breaks this file's type check before its run.
 */
describe.each(TEST_DATABASE_KINDS)('a booking through the typed client on %s', (kind) => {
  const s = useBookingSuite(kind);

  it('finds a room, prices and pays a stay, books it, sees it on both sides, and cancels it for the refund quoted', async () => {
    const room = await s.newRoom({ title: 'Typed cabin', category: 'Camping' });
    const guest = s.t.client(s.guest);
    const host = s.t.client(s.host);

    const found = await guest.GET('/api/rooms', { params: { query: { category: 'Camping', checkin: day(3), checkout: day(6), limit: 60 } } });
    expect(found.response.status).toBe(200);
    const listed = found.data!.items.find((item) => item._id === room.id);
    expect(listed).toMatchObject({ title: 'Typed cabin', nights: 3, totalCents: 36_000 });

    const page = await guest.GET('/api/room/{id}', { params: { path: { id: room.id } } });
    expect(page.data).toMatchObject({ _id: room.id, priceCents: 12_000, cancellationPolicy: 'flexible', booked: false });

    const availability = await guest.GET('/api/room/{id}/availability', { params: { path: { id: room.id } } });
    expect(availability.data!.taken).toEqual([]);

    const intent = await guest.POST('/api/create-payment-intent', { body: { roomId: room.id, from: day(3), to: day(6), guests: 2 } });
    expect(intent.response.status).toBe(200);
    expect(intent.data).toMatchObject({ provider: 'test', nights: 3, totalCents: 36_000, guests: 2, request: false });

    const card = await s.t.client().POST('/api/test-processor/confirm', { body: { clientSecret: intent.data!.clientSecret, card: testCard() } });
    expect(card.data?.status).toBe('requires_capture');

    const booked = await guest.POST('/api/booking', { body: { paymentIntentId: intent.data!.paymentIntentId } });
    expect(booked.response.status).toBe(201);
    const booking = booked.data!;
    expect(booking).toMatchObject({ roomId: room.id, from: day(3), to: day(6), priceCents: 36_000, status: 'confirmed', state: 'upcoming', cancellable: true });

    const mine = await guest.GET('/api/my-bookings', {});
    expect(mine.data!.items.map((item) => item.reference)).toContain(booking.reference);
    const managed = await host.GET('/api/manage-bookings', {});
    expect(managed.data!.items.find((item) => item._id === booking._id)?.guest.email).toBe(s.guest.email);

    const quote = await guest.GET('/api/booking/{id}/cancellation', { params: { path: { id: booking._id } } });
    expect(quote.data).toMatchObject({ policy: 'flexible', cancelledBy: 'guest', share: 'full', refundCents: 36_000 });

    const cancelled = await guest.DELETE('/api/booking/{id}', { params: { path: { id: booking._id } }, body: { expectedRefundCents: quote.data!.refundCents } });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', refundedCents: 36_000, cancelledBy: 'guest', cancellable: false });
  });

  it("answers the product's error shape, its code one of the product's codes", async () => {
    const room = await s.newRoom();
    const own = await s.t.client(s.host).POST('/api/create-payment-intent', { body: { roomId: room.id, from: day(2), to: day(3) } });
    expect(own.data).toBeUndefined();
    expect(own.response.status).toBe(403);
    const unsigned = await s.t.client().GET('/api/my-bookings', {});
    expect(unsigned.response.status).toBe(401);
    // The document's error codes are an enum: a code the product does not have would not type-check here.
    const codes: Schema<'ApiError'>['error']['code'][] = [own.error!.error.code, unsigned.error!.error.code];
    expect(codes).toEqual(['FORBIDDEN', 'UNAUTHORIZED']);
  });
});
