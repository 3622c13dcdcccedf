import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@staybook/domain';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { users } from '../../db/schema.js';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import { startPayment, testCard } from '../../test/bookings.js';
import { day } from '../../test/dates.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { createTestApp, sessionCookie, type TestApp, type TestUser } from '../../test/test-app.js';

/**
 * Decision 062: the language a signed-in person chooses is kept on their account (PUT /api/me/language), every mail
 * to them is written in it whoever or whatever sends it, and a browser they sign in on without a language takes it.
 */
describe.each(TEST_DATABASE_KINDS)('the language saved on an account on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let guest: TestUser;
  let room: Awaited<ReturnType<typeof insertRoom>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    host = await t.signUp({ role: 'host', name: 'Hana' });
    guest = await t.signUp({ name: 'Ana' });
    room = await insertRoom(t.database.db, { hostId: host.id, title: 'Loft', location: 'Berlin, Germany', priceCents: 100_00, availableFrom: day(-30), availableTo: day(60) });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.update(users).set({ locale: null });
  });

  const savedLocale = async (user: TestUser) => (await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.id, user.id)))[0]?.locale;
  const save = (user: TestUser, locale: Locale | null) => t.database.db.update(users).set({ locale }).where(eq(users.id, user.id));

  /** Books two nights of the room from `from` days ahead as the guest, the request in `acceptLanguage`. */
  const book = async (acceptLanguage: string, from: number) => {
    const intent = await startPayment(t, guest, { roomId: room.id, from: day(from), to: day(from + 2), guests: 1 });
    const card = await t.client().POST('/api/test-processor/confirm', { body: { clientSecret: intent.clientSecret, card: testCard() } });
    expect(card.response.status).toBe(200);
    const booked = await t.client(guest).POST('/api/booking', { body: { paymentIntentId: intent.paymentIntentId }, headers: { 'accept-language': acceptLanguage } });
    expect(booked.response.status).toBe(201);
  };
  const mailTo = (user: TestUser) => t.mail.filter((m) => m.to === user.email);
  /** The words of the stay's event a mail's .ics attachment holds. */
  const attachedEvent = (mail: MailMessage) => {
    const calendar = new ICAL.Component(ICAL.parse(mail.attachments![0]!.content) as unknown[]);
    const event = calendar.getFirstSubcomponent('vevent')!;
    return { summary: event.getFirstPropertyValue('summary'), description: event.getFirstPropertyValue('description') };
  };

  describe('PUT /api/me/language', () => {
    it('saves the signed-in person’s choice, theirs only; nobody has one until they choose', async () => {
      expect(await savedLocale(guest)).toBeNull();
      const saved = await t.client(guest).PUT('/api/me/language', { body: { locale: 'es' } });
      expect(saved.response.status).toBe(204);
      expect(await savedLocale(guest)).toBe('es');
      expect(await savedLocale(host)).toBeNull();

      expect((await t.client(guest).PUT('/api/me/language', { body: { locale: 'en' } })).response.status).toBe(204);
      expect(await savedLocale(guest)).toBe('en');
    });

    it('answers 401 signed out, 403 from another site, and 400 naming the field for a language the product does not speak', async () => {
      const anonymous = await t.call('PUT', '/api/me/language', { body: { locale: 'es' } });
      expect(anonymous.statusCode).toBe(401);

      const elsewhere = await t.call('PUT', '/api/me/language', { as: guest, body: { locale: 'es' }, headers: { origin: 'https://evil.example' } });
      expect(elsewhere.statusCode).toBe(403);

      for (const body of [{ locale: 'fr' }, { locale: 'ES' }, { locale: null }, {}]) {
        const refused = await t.call('PUT', '/api/me/language', { as: guest, body });
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().error.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(refused.json().error.fields)).toEqual(['locale']);
        expect(refused.json().error.message).toMatch(/^locale: /);
      }
      expect(await savedLocale(guest)).toBeNull();
    });

    it('is in the API reference: its name, section, session, body and answers', async () => {
      const document = (await t.call('GET', '/api/openapi.json')).json();
      const operation = document.paths['/api/me/language'].put;
      expect(operation).toMatchObject({ operationId: 'putMeLanguage', tags: ['Users'], security: [{ session: [] }] });
      expect(operation.summary).toMatch(/^Save the language the signed-in person chose/);
      expect(operation.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/LanguageChoice' });
      expect(document.components.schemas.LanguageChoice.properties.locale.enum).toEqual(['en', 'es']);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['204', '400', '401', '403']));
      expect(Object.keys(operation.responses)).not.toContain('200');
    });

    it('is held to the product’s languages by the database as well', async () => {
      await expect(t.database.db.update(users).set({ locale: 'fr' as Locale }).where(eq(users.id, guest.id))).rejects.toThrow();
      expect(await savedLocale(guest)).toBeNull();
    });
  });

  describe('signing in', () => {
    const signIn = (cookie?: string) =>
      t.call('POST', '/api/auth/sign-in/email', { body: { email: guest.email, password: guest.password }, headers: cookie ? { cookie } : {} });
    const languageCookies = (res: LightMyRequestResponse) =>
      ([] as string[]).concat(res.headers['set-cookie'] ?? []).filter((cookie) => cookie.startsWith('lang='));

    it('gives a browser without a language the account’s, for a year, readable by the pickers', async () => {
      await save(guest, 'es');
      const res = await signIn();
      expect(res.statusCode).toBe(200);
      const [cookie, ...others] = languageCookies(res);
      expect(others).toEqual([]);
      expect(cookie).toMatch(/^lang=es;/);
      expect(cookie).toMatch(/Max-Age=31536000/i);
      expect(cookie).toMatch(/Path=\//i);
      expect(cookie).not.toMatch(/HttpOnly/i);
    });

    it('keeps a browser’s own choice, sets nothing for an account without one, and signing out keeps the cookie', async () => {
      await save(guest, 'es');
      const chosen = await signIn('lang=en');
      expect(chosen.statusCode).toBe(200);
      expect(languageCookies(chosen)).toEqual([]);

      await save(guest, null);
      const none = await signIn();
      expect(none.statusCode).toBe(200);
      expect(languageCookies(none)).toEqual([]);

      // A session of its own, so the guest's other tests keep theirs.
      const session = sessionCookie(none);
      const signedOut = await t.call('POST', '/api/auth/sign-out', { body: {}, headers: { cookie: `${session}; lang=es` } });
      expect(signedOut.statusCode).toBe(200);
      expect(languageCookies(signedOut)).toEqual([]);
    });
  });

  describe('mails', () => {
    it('writes the host’s new-booking mail in the host’s language, though the guest booked in English', async () => {
      await save(host, 'es');
      await t.clearMail();
      await book('en-GB', 3);
      await t.mailSent();
      const [toHost] = mailTo(host);
      expect(toHost?.subject).toBe('Nueva reserva: Loft');
      expect(toHost?.text).toContain('Hola, Hana:');
      expect(toHost?.text).toContain('Ana ha reservado tu alojamiento:');
      expect(toHost?.text).toContain('2 noches × $100: $200\nTotal pagado: $200');
      expect(toHost?.text).toContain(`Huésped: Ana <${guest.email}>`);
      expect(mailTo(guest)[0]?.subject).toBe('Your stay at Loft is booked');
      // The stay's calendar event, attached, in each recipient's language too.
      const reference = toHost!.text.match(/SB-[0-9A-Z]{4}-[0-9A-Z]{4}/)![0];
      expect(attachedEvent(toHost!)).toEqual({ summary: 'Loft', description: expect.stringMatching(new RegExp(`^Referencia de la reserva: ${reference}\nViaje: http://localhost:3000/dashboard/trips/`)) });
      expect(attachedEvent(mailTo(guest)[0]!)).toEqual({ summary: 'Loft', description: expect.stringMatching(new RegExp(`^Booking reference: ${reference}\nTrip: http://localhost:3000/dashboard/trips/`)) });

      const bookingId = toHost!.text.match(/trips\/([0-9a-f-]{36})/)![1]!;
      await t.clearMail();
      expect((await t.call('DELETE', `/api/booking/${bookingId}`, { as: guest })).statusCode).toBe(200);
      await t.mailSent();
      expect(attachedEvent(mailTo(host)[0]!).summary).toBe('Cancelada: Loft');
      expect(attachedEvent(mailTo(guest)[0]!).summary).toBe('Cancelled: Loft');
    });

    it('writes the guest’s confirmation in their saved language rather than their request’s', async () => {
      await save(guest, 'es');
      await t.clearMail();
      await book('en-GB', 7);
      await t.mailSent();
      expect(mailTo(guest)[0]?.subject).toBe('Tu estancia en Loft está reservada');
      expect(mailTo(host)[0]?.subject).toBe('New booking: Loft');
    });

    it('writes in English to a person who chose no language, whatever the sender’s', async () => {
      await save(guest, 'es');
      await t.clearMail();
      await book('es-ES,es;q=0.9', 11);
      await t.mailSent();
      const [toHost] = mailTo(host);
      expect(toHost?.subject).toBe('New booking: Loft');
      expect(toHost?.text).toContain('Hi Hana,');
      expect(toHost?.text).toContain('Ana booked your room:');
      expect(toHost?.text).toContain('Total paid: $200');

      const bookingId = toHost!.text.match(/trips\/([0-9a-f-]{36})/)![1]!;
      await t.clearMail();
      const sent = await t.call('POST', `/api/booking/${bookingId}/messages`, { as: guest, body: { body: '¿A qué hora podemos llegar?' }, headers: { 'accept-language': 'es' } });
      expect(sent.statusCode).toBe(201);
      await t.mailSent();
      expect(mailTo(host)[0]?.subject).toBe('New message from Ana about Loft');
    });

    it('writes what a sweep sends in its recipient’s language: the review invitation', async () => {
      const { booking: spanish } = await insertBooking(t.database.db, { room, guestId: guest.id, checkIn: day(-4), checkOut: day(-2) });
      await save(guest, 'es');
      await t.clearMail();
      await t.app.reviewSweeper.sweep();
      await t.mailSent();
      const invitation = mailTo(guest).find((m) => m.text.includes(spanish.id));
      expect(invitation?.subject).toBe('¿Qué tal tu estancia en Loft?');
      expect(invitation?.text).toContain('Gracias por alojarte en Loft del');
      expect(invitation?.text).toContain(`Escribir una reseña: http://localhost:3000/dashboard/trips/${spanish.id}/review`);

      const other = await t.signUp({ name: 'Olga' });
      const { booking: english } = await insertBooking(t.database.db, { room, guestId: other.id, checkIn: day(-6), checkOut: day(-5) });
      await t.clearMail();
      await t.app.reviewSweeper.sweep();
      await t.mailSent();
      const inEnglish = mailTo(other).find((m) => m.text.includes(english.id));
      expect(inEnglish?.subject).toBe('How was your stay at Loft?');
      expect(inEnglish?.text).toContain('Write a review: ');
    });
  });
});
