import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRoom } from '../../db/factories.js';
import { startPayment, testCard } from '../../test/bookings.js';
import { day } from '../../test/dates.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';

/** Decision 062: the guest who books in Spanish gets their confirmation in Spanish; the host's is in English. */
describe.each(TEST_DATABASE_KINDS)('booking mail in the guest’s language on %s', (kind) => {
  let t: TestApp;
  let guest: TestUser;
  let roomId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const host = await t.signUp({ role: 'host', name: 'Hana' });
    guest = await t.signUp({ name: 'Ana' });
    roomId = (await insertRoom(t.database.db, { hostId: host.id, title: 'Loft', location: 'Berlin, Germany', priceCents: 100_00, availableFrom: day(1), availableTo: day(30) })).id;
  });
  afterAll(() => t.close());

  const book = async (acceptLanguage: string, from: number) => {
    const intent = await startPayment(t, guest, { roomId, from: day(from), to: day(from + 2), guests: 1 });
    const card = await t.client().POST('/api/test-processor/confirm', { body: { clientSecret: intent.clientSecret, card: testCard() } });
    expect(card.response.status).toBe(200);
    const booked = await t.client(guest).POST('/api/booking', { body: { paymentIntentId: intent.paymentIntentId }, headers: { 'accept-language': acceptLanguage } });
    expect(booked.response.status).toBe(201);
  };

  it('writes the guest’s confirmation in the language of the request that booked it', async () => {
    await t.clearMail();
    await book('es-ES,es;q=0.9', 3);
    await t.mailSent();
    const [toGuest, toHost] = t.mail as [(typeof t.mail)[0], (typeof t.mail)[0]];
    expect(toGuest.subject).toBe('Tu estancia en Loft está reservada');
    expect(toGuest.text).toContain('Tu estancia está reservada y pagada:');
    expect(toGuest.text).toContain('2 noches × $100: $200');
    expect(toHost.subject).toBe('New booking: Loft');

    await t.clearMail();
    await book('en-GB', 10);
    await t.mailSent();
    expect(t.mail[0]?.subject).toBe('Your stay at Loft is booked');
  });
});
