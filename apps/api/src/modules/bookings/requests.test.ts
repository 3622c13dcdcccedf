import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingSchema, bookingsPageSchema, paymentIntentSchema, requestCountSchema, roomAvailabilitySchema, type Booking } from '@staybook/domain';
import { bookings, calendarBlocks, calendarImports, testPaymentIntents } from '../../db/schema.js';
import { errorOf } from '../../test/answers.js';
import { useBookingSuite } from '../../test/booking-suite.js';
import { confirmBooking, confirmCard, startPayment, type StayRequest } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import type { TestApp, TestUser } from '../../test/test-app.js';

/** Pays for a stay of a request-to-book room: the card is held and the request made (201, status 'requested'). */
async function requestStay(t: TestApp, as: TestUser, stay: StayRequest): Promise<Booking> {
  const intent = await startPayment(t, as, stay);
  expect(intent.request).toBe(true);
  expect((await confirmCard(t, intent)).statusCode).toBe(200);
  const res = await confirmBooking(t, as, intent.paymentIntentId);
  expect(res.statusCode, res.body).toBe(201);
  return bookingSchema.parse(res.json());
}

/** Request to book (decision 049): the states, who may answer, and the races between answers, the clock and other stays. */
describe.each(TEST_DATABASE_KINDS)('requests to book on %s', (kind) => {
  const s = useBookingSuite(kind);
  const requestRoom = () => s.newRoom({ instantBook: false });
  const intentOf = async (id: string) => (await s.t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0]!;
  /** Moves a waiting request's deadline into the past, as if the host had let 24 hours pass. */
  const lapse = (bookingId: string) =>
    s.t.database.db.update(bookings).set({ requestExpiresAt: sql`now() - interval '1 minute'` }).where(eq(bookings.id, bookingId));
  const post = (path: string, as: TestUser, body?: unknown) => s.t.call('POST', path, { as, ...(body === undefined ? {} : { body }) });

  it('holds the card and the nights, tells both sides, and the host accepts: confirmed and charged once', async () => {
    const r = await requestRoom();
    await s.t.clearMail();
    const request = await requestStay(s.t, s.guest, { roomId: r.id, from: day(3), to: day(6) });
    expect(request).toMatchObject({ status: 'requested', state: 'requested', cancellable: false, keptCents: 0, request: { answer: null, message: null } });
    // Its calendar file holds the nights as a stay not confirmed yet.
    const file = await s.t.call('GET', `/api/booking/${request._id}/calendar.ics`, { as: s.guest });
    expect(file.body.split('\r\n')).toEqual(expect.arrayContaining(['STATUS:TENTATIVE']));
    const expires = new Date(request.request!.expiresAt).getTime();
    expect(expires - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(await s.paymentOf(request.transactionId)).toMatchObject({ status: 'authorized' });
    expect(await intentOf(request.transactionId)).toMatchObject({ status: 'requires_capture' });
    const mail = await s.t.mailSent();
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      [s.guest.email, expect.stringMatching(/^Request sent: /)],
      [s.host.email, expect.stringMatching(/^Booking request: /)],
    ]);
    expect(mail.every((m) => !m.attachments?.length)).toBe(true);

    // The nights are held: the picker shows them taken, and another guest cannot pay for them.
    const availability = roomAvailabilitySchema.parse((await s.t.call('GET', `/api/room/${r.id}/availability`)).json());
    expect(availability.taken).toEqual([{ from: day(3), to: day(6) }]);
    const other = await s.t.call('POST', '/api/create-payment-intent', { as: s.otherGuest, body: { roomId: r.id, from: day(4), to: day(7) } });
    expect(other.statusCode).toBe(409);

    expect(requestCountSchema.parse((await s.t.call('GET', '/api/requests/count', { as: s.host })).json())).toEqual({ waiting: 1 });
    const listed = bookingsPageSchema.parse((await s.t.call('GET', '/api/requests', { as: s.host })).json());
    expect(listed.items.map((b) => b._id)).toEqual([request._id]);
    expect(bookingsPageSchema.parse((await s.t.call('GET', '/api/requests', { as: s.otherHost })).json()).items).toEqual([]);

    await s.t.clearMail();
    const accepted = await post(`/api/booking/${request._id}/accept`, s.host, { message: '  Welcome! The key is under the mat.  ' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(bookingSchema.parse(accepted.json())).toMatchObject({
      status: 'confirmed',
      state: 'upcoming',
      keptCents: request.priceCents,
      request: { answer: 'accepted', message: 'Welcome! The key is under the mat.' },
    });
    expect(await s.paymentOf(request.transactionId)).toMatchObject({ status: 'succeeded' });
    const sent = await s.t.mailSent();
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [s.guest.email, expect.stringMatching(/^Request accepted: /)],
      [s.host.email, expect.stringMatching(/^New booking: /)],
    ]);
    expect(sent[0]!.text).toContain('Welcome! The key is under the mat.');

    // Accepting again answers the booking; nothing is charged twice, and nothing else can answer it now.
    expect((await post(`/api/booking/${request._id}/accept`, s.host)).statusCode).toBe(200);
    expect((await s.eventsOf(request.transactionId)).filter((e) => e === 'payment_intent.succeeded')).toHaveLength(1);
    expect(errorOf(await post(`/api/booking/${request._id}/decline`, s.host))).toMatchObject({
      status: 409,
      error: { message: 'This request was already accepted: the stay is booked.' },
    });
    expect(errorOf(await post(`/api/booking/${request._id}/withdraw`, s.guest)).status).toBe(409);
    expect(requestCountSchema.parse((await s.t.call('GET', '/api/requests/count', { as: s.host })).json())).toEqual({ waiting: 0 });
  });

  it('declining with a message frees the nights, voids the hold and mails the guest', async () => {
    const r = await requestRoom();
    const request = await requestStay(s.t, s.guest, { roomId: r.id, from: day(5), to: day(8) });
    await s.t.clearMail();
    const res = await post(`/api/booking/${request._id}/decline`, s.host, { message: 'Sorry, we have family staying that week.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(bookingSchema.parse(res.json())).toMatchObject({
      status: 'cancelled',
      state: 'cancelled',
      cancelledBy: 'host',
      keptCents: 0,
      request: { answer: 'declined', message: 'Sorry, we have family staying that week.' },
    });
    expect(await s.paymentOf(request.transactionId)).toMatchObject({ status: 'canceled' });
    expect(await intentOf(request.transactionId)).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
    const mail = await s.t.mailSent();
    expect(mail.map((m) => [m.to, m.subject])).toEqual([[s.guest.email, expect.stringMatching(/^Request declined: /)]]);
    expect(mail[0]!.text).toContain('Sorry, we have family staying that week.');
    expect(mail[0]!.text).toContain('you were not charged');
    // The same nights can be booked again at once.
    expect(roomAvailabilitySchema.parse((await s.t.call('GET', `/api/room/${r.id}/availability`)).json()).taken).toEqual([]);
    await requestStay(s.t, s.otherGuest, { roomId: r.id, from: day(5), to: day(8) });
  });

  it('only the host answers and only the guest withdraws; strangers hear 404; a message over 1,000 characters is refused', async () => {
    const r = await requestRoom();
    const request = await requestStay(s.t, s.guest, { roomId: r.id, from: day(10), to: day(12) });
    expect(errorOf(await post(`/api/booking/${request._id}/accept`, s.otherGuest)).status).toBe(403);
    const stranger = await s.t.signUp({ role: 'host' });
    expect(errorOf(await post(`/api/booking/${request._id}/accept`, stranger)).status).toBe(404);
    expect(errorOf(await post(`/api/booking/${request._id}/decline`, stranger)).status).toBe(404);
    expect(errorOf(await post(`/api/booking/${request._id}/withdraw`, s.otherGuest)).status).toBe(404);
    expect(errorOf(await post(`/api/booking/${request._id}/withdraw`, s.host)).status).toBe(409);
    expect(errorOf(await post(`/api/booking/${request._id}/accept`, s.admin)).status).toBe(403);
    expect(errorOf(await s.t.call('POST', `/api/booking/${request._id}/accept`)).status).toBe(401);
    const long = await post(`/api/booking/${request._id}/decline`, s.host, { message: 'x'.repeat(1_001) });
    expect(errorOf(long)).toMatchObject({ status: 400 });
    expect(errorOf(await s.t.call('GET', '/api/requests', { as: s.guest })).status).toBe(403);
    // The cancel of a stay is not the way to end a request: it says what is.
    expect(errorOf(await s.t.call('DELETE', `/api/booking/${request._id}`, { as: s.guest })).status).toBe(409);
    expect((await s.paymentOf(request.transactionId)).status).toBe('authorized');
  });

  it('the guest withdraws: the host is told, the hold is voided, and a late accept is refused', async () => {
    const r = await requestRoom();
    const request = await requestStay(s.t, s.guest, { roomId: r.id, from: day(14), to: day(16) });
    await s.t.clearMail();
    const res = await post(`/api/booking/${request._id}/withdraw`, s.guest);
    expect(bookingSchema.parse(res.json())).toMatchObject({ status: 'cancelled', cancelledBy: 'guest', request: { answer: 'withdrawn' } });
    expect((await s.t.mailSent()).map((m) => [m.to, m.subject])).toEqual([[s.host.email, expect.stringMatching(/^Request withdrawn: /)]]);
    expect(await s.paymentOf(request.transactionId)).toMatchObject({ status: 'canceled' });
    expect(errorOf(await post(`/api/booking/${request._id}/accept`, s.host))).toMatchObject({
      status: 409,
      error: { message: 'The guest withdrew this request, so it can no longer be answered.' },
    });
  });

  it('a request the host leaves unanswered expires: accept is refused, the sweeper frees the nights and tells both', async () => {
    const r = await requestRoom();
    const request = await requestStay(s.t, s.guest, { roomId: r.id, from: day(20), to: day(22) });
    const waiting = async () => requestCountSchema.parse((await s.t.call('GET', '/api/requests/count', { as: s.host })).json()).waiting;
    const before = await waiting();
    await lapse(request._id);
    expect(errorOf(await post(`/api/booking/${request._id}/accept`, s.host))).toMatchObject({
      status: 409,
      error: { message: 'This request expired before it was answered.' },
    });
    expect(await waiting()).toBe(before - 1);
    await s.t.clearMail();
    const swept = await s.t.app.paymentSweeper.sweep();
    expect(swept.expired).toBe(1);
    const [row] = await s.t.database.db.select().from(bookings).where(eq(bookings.id, request._id));
    expect(row).toMatchObject({ status: 'cancelled', requestAnswer: 'expired', keptCents: 0 });
    expect(await s.paymentOf(request.transactionId)).toMatchObject({ status: 'canceled' });
    expect((await s.t.mailSent()).map((m) => [m.to, m.subject])).toEqual([
      [s.guest.email, expect.stringMatching(/^Request expired: /)],
      [s.host.email, expect.stringMatching(/^Request expired: /)],
    ]);
    // A second pass finds nothing to do.
    expect((await s.t.app.paymentSweeper.sweep()).expired).toBe(0);
  });

  it('accept racing expiry, withdrawal and a second accept gives exactly one outcome, charged at most once', async () => {
    const r = await requestRoom();
    for (const [i, rival] of (['withdraw', 'expire', 'accept', 'decline'] as const).entries()) {
      const request = await requestStay(s.t, s.guest, { roomId: r.id, from: day(30 + i * 3), to: day(32 + i * 3) });
      const fire = () => {
        switch (rival) {
          case 'withdraw':
            return post(`/api/booking/${request._id}/withdraw`, s.guest);
          case 'expire':
            return lapse(request._id).then(() => s.t.app.paymentSweeper.sweep());
          case 'accept':
            return post(`/api/booking/${request._id}/accept`, s.host);
          case 'decline':
            return post(`/api/booking/${request._id}/decline`, s.host);
        }
      };
      await Promise.all([post(`/api/booking/${request._id}/accept`, s.host), fire()]);
      const [row] = await s.t.database.db.select().from(bookings).where(eq(bookings.id, request._id));
      const payment = await s.paymentOf(request.transactionId);
      const captures = (await s.eventsOf(request.transactionId)).filter((e) => e === 'payment_intent.succeeded').length;
      if (row!.status === 'confirmed') {
        expect(row!.requestAnswer, rival).toBe('accepted');
        expect(payment.status, rival).toBe('succeeded');
        expect(captures, rival).toBe(1);
      } else {
        expect(row!.status, rival).toBe('cancelled');
        expect(payment.status, rival).toBe('canceled');
        expect(captures, rival).toBe(0);
      }
    }
  });

  it('two requests for the same nights: the second guest is refused and not charged', async () => {
    const r = await requestRoom();
    const stay = { roomId: r.id, from: day(40), to: day(43) };
    const [a, b] = [await startPayment(s.t, s.guest, stay), await startPayment(s.t, s.otherGuest, stay)];
    for (const intent of [a, b]) expect((await confirmCard(s.t, intent)).statusCode).toBe(200);
    const answers = await Promise.all([confirmBooking(s.t, s.guest, a.paymentIntentId), confirmBooking(s.t, s.otherGuest, b.paymentIntentId)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const loser = answers[0]!.statusCode === 409 ? a : b;
    expect(await s.paymentOf(loser.paymentIntentId)).toMatchObject({ status: 'canceled' });
    // An instant booking of the same nights meets the same constraint.
    const instant = await s.t.call('POST', '/api/create-payment-intent', { as: s.otherGuest, body: { ...stay, from: day(41) } });
    expect(instant.statusCode).toBe(409);
  });

  it('nights an imported calendar took meanwhile cannot be accepted; declining still works', async () => {
    const r = await requestRoom();
    const request = await requestStay(s.t, s.guest, { roomId: r.id, from: day(50), to: day(52) });
    const [feed] = await s.t.database.db
      .insert(calendarImports)
      .values({ roomId: r.id, url: 'https://calendar.example/feed.ics' })
      .returning();
    await s.t.database.db.insert(calendarBlocks).values({ roomId: r.id, importId: feed!.id, checkIn: day(51), checkOut: day(53) });
    expect(errorOf(await post(`/api/booking/${request._id}/accept`, s.host))).toMatchObject({ status: 409 });
    expect((await s.paymentOf(request.transactionId)).status).toBe('authorized');
    expect(bookingSchema.parse((await post(`/api/booking/${request._id}/decline`, s.host)).json()).status).toBe('cancelled');
  });

  it('a room that books instantly still books at once, and its intent says so', async () => {
    const r = await s.newRoom();
    const intent = paymentIntentSchema.parse(
      (await s.t.call('POST', '/api/create-payment-intent', { as: s.guest, body: { roomId: r.id, from: day(2), to: day(4) } })).json(),
    );
    expect(intent.request).toBe(false);
  });
});
