import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, messagesPageSchema, messageSchema, threadsPageSchema, type Message } from '@staybook/domain';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { errorOf } from '../../test/answers.js';
import { CAST_NAMES, signUpCast } from '../../test/cast.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app.js';


type Room = Awaited<ReturnType<typeof insertRoom>>;

describe.each(TEST_DATABASE_KINDS)('messages API on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let otherHost: TestUser;
  let guest: TestUser;
  let otherGuest: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ host, otherHost, guest, otherGuest, admin } = await signUpCast(t));
  });
  afterAll(() => t.close());

  /** A room of Hana's, titled 'Loft in Berlin' (each stay gets its own, so stays never overlap). */
  function newLoft() {
    return insertRoom(t.database.db, { hostId: host.id, title: 'Loft in Berlin', image: '/uploads/loft.webp', availableFrom: day(-30), availableTo: day(90) });
  }

  /** A stay of `guestId` (Ana) in `room` (a new loft), upcoming unless told otherwise, as stored once paid. */
  async function newStay({ room, guestId = guest.id, from = 10, status }: { room?: Room; guestId?: string; from?: number; status?: 'cancelled' } = {}) {
    const checkIn = day(from);
    const stayRoom = room ?? (await newLoft());
    return (await insertBooking(t.database.db, { room: stayRoom, guestId, checkIn, checkOut: addDays(checkIn, 2), ...(status ? { status } : {}) })).booking;
  }

  function send(as: TestUser | null, bookingId: string, body: unknown) {
    return t.call('POST', `/api/booking/${bookingId}/messages`, { as, body: { body } });
  }

  async function write(as: TestUser, bookingId: string, body: string): Promise<Message> {
    const res = await send(as, bookingId, body);
    expect(res.statusCode, res.body).toBe(201);
    return messageSchema.parse(res.json());
  }

  async function thread(as: TestUser, bookingId: string, query = '') {
    const res = await t.call('GET', `/api/booking/${bookingId}/messages${query}`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return messagesPageSchema.parse(res.json());
  }

  async function unread(as: TestUser): Promise<number> {
    const res = await t.call('GET', '/api/messages/unread', { as });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { unread: number }).unread;
  }

  async function markRead(as: TestUser, bookingId: string): Promise<number> {
    const res = await t.call('POST', `/api/booking/${bookingId}/messages/read`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { marked: number }).marked;
  }

  async function threads(as: TestUser, query = '') {
    const res = await t.call('GET', `/api/messages${query}`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return threadsPageSchema.parse(res.json());
  }

  describe('who may read and write a thread', () => {
    it("answers only the booking's guest and the room's host; to anyone else, admins included, the booking does not exist", async () => {
      const stay = await newStay();
      await write(guest, stay.id, 'Where is the key?');
      const notFound = { status: 404, error: { code: 'NOT_FOUND', message: 'Booking not found.' } };
      for (const outsider of [otherGuest, otherHost, admin]) {
        expect(errorOf(await t.call('GET', `/api/booking/${stay.id}/messages`, { as: outsider })), outsider.email).toEqual(notFound);
        expect(errorOf(await send(outsider, stay.id, 'Hello'))).toEqual(notFound);
        expect(errorOf(await t.call('POST', `/api/booking/${stay.id}/messages/read`, { as: outsider }))).toEqual(notFound);
        expect(await unread(outsider)).toBe(0);
        expect((await threads(outsider)).items).toEqual([]);
      }
      // Nothing an outsider did was stored or read.
      const seen = await thread(host, stay.id);
      expect(seen.items.map((m) => [m.body, m.readAt])).toEqual([['Where is the key?', null]]);
      expect((await thread(guest, stay.id)).items).toHaveLength(1);

      expect(errorOf(await t.call('GET', `/api/booking/${randomUUID()}/messages`, { as: guest }))).toEqual(notFound);
      expect(errorOf(await send(guest, randomUUID(), 'Hello'))).toEqual(notFound);
      expect(errorOf(await t.call('GET', '/api/booking/not-a-booking/messages', { as: guest })).status).toBe(400);
    });

    it('answers an outsider as it answers a booking nobody has, whatever they send; only a party hears what is wrong with the text', async () => {
      const stay = await newStay();
      const notFound = { status: 404, error: { code: 'NOT_FOUND', message: 'Booking not found.' } };
      for (const body of ['Hello', '', '   ', 42, null, undefined, 'a'.repeat(2001), 'bell \u0007 rings']) {
        const label = JSON.stringify(body);
        const missing = await send(guest, randomUUID(), body);
        expect(errorOf(missing), label).toEqual(notFound);
        for (const outsider of [otherGuest, otherHost, admin]) {
          const res = await send(outsider, stay.id, body);
          expect(errorOf(res), `${outsider.email} ${label}`).toEqual(notFound);
          expect(res.body).toBe(missing.body);
        }
      }
      expect(errorOf(await send(guest, stay.id, 'a'.repeat(2001)))).toEqual({
        status: 400,
        error: { code: 'VALIDATION_FAILED', message: 'body: A message can be at most 2,000 characters', fields: { body: 'A message can be at most 2,000 characters' } },
      });
      expect(errorOf(await send(host, stay.id, '')).status).toBe(400);
      // An id that is not one is the route's 400 for everyone, before anything is looked up.
      expect(errorOf(await send(otherGuest, 'not-a-booking', '')).error.fields).toHaveProperty('id');
      expect((await thread(guest, stay.id)).items).toEqual([]);
    });

    it('asks people who are signed out to sign in, on every call', async () => {
      const stay = await newStay();
      const calls = [
        t.call('GET', `/api/booking/${stay.id}/messages`),
        send(null, stay.id, 'Hello'),
        t.call('POST', `/api/booking/${stay.id}/messages/read`),
        t.call('GET', '/api/messages'),
        t.call('GET', '/api/messages/unread'),
      ];
      for (const res of await Promise.all(calls)) expect(errorOf(res)).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
      expect((await thread(guest, stay.id)).items).toEqual([]);
    });

    it('takes messages on cancelled and past stays too', async () => {
      const cancelled = await newStay({ from: 20, status: 'cancelled' });
      const past = await newStay({ from: -10 });
      await write(guest, cancelled.id, 'Sorry we had to cancel.');
      await write(host, past.id, 'Thanks for staying!');
      expect((await thread(host, cancelled.id)).items.map((m) => m.body)).toEqual(['Sorry we had to cancel.']);
      expect((await thread(guest, past.id)).items.map((m) => m.body)).toEqual(['Thanks for staying!']);
    });
  });

  describe('the text of a message', () => {
    it('refuses an empty or whitespace-only message with 400 naming `body`', async () => {
      const stay = await newStay();
      for (const body of ['', '   ', ' \n\t \r\n ', '\u3000\u00a0', undefined, 42, null]) {
        const res = await send(guest, stay.id, body);
        const { status, error } = errorOf(res);
        expect(status, JSON.stringify(body)).toBe(400);
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(error.fields ?? {})).toEqual(['body']);
      }
      expect(errorOf(await send(guest, stay.id, '  ')).error.fields).toEqual({ body: 'Please write a message' });
      expect((await thread(guest, stay.id)).items).toEqual([]);
    });

    it('takes 2,000 characters as the database counts them, and refuses 2,001', async () => {
      const stay = await newStay();
      const a = await write(guest, stay.id, 'a'.repeat(2000));
      expect(a.body).toHaveLength(2000);
      // An emoji is one character to PostgreSQL and two UTF-16 units to JavaScript.
      const emoji = await write(guest, stay.id, '😀'.repeat(2000));
      expect(Array.from(emoji.body)).toHaveLength(2000);
      // Whitespace around the text is not part of it.
      expect((await write(guest, stay.id, `  \n${'b'.repeat(2000)}\n  `)).body).toBe('b'.repeat(2000));
      for (const body of ['a'.repeat(2001), '😀'.repeat(2001), 'x'.repeat(100_000)]) {
        expect(errorOf(await send(guest, stay.id, body))).toEqual({
          status: 400,
          error: { code: 'VALIDATION_FAILED', message: 'body: A message can be at most 2,000 characters', fields: { body: 'A message can be at most 2,000 characters' } },
        });
      }
      expect(errorOf(await send(guest, stay.id, 'bell \u0007 rings'))).toMatchObject({ status: 400, error: { fields: { body: 'The message contains characters that are not allowed' } } });
      expect((await send(guest, stay.id, 'nul \u0000 byte')).statusCode).toBe(400);
      expect((await thread(host, stay.id)).items).toHaveLength(3);
    });

    it('keeps HTML and line breaks as literal text', async () => {
      const stay = await newStay();
      const text = '<b>Hi</b> & <script>alert(1)</script>\n<img src=x onerror=alert(1)>\n\nSee you "soon"';
      expect((await write(guest, stay.id, text)).body).toBe(text);
      expect((await thread(host, stay.id)).items[0]!.body).toBe(text);
    });
  });

  describe('reading a thread', () => {
    it('pages back in time: the newest messages first, each page oldest to newest', async () => {
      const stay = await newStay();
      for (let i = 1; i <= 7; i += 1) await write(i % 2 ? guest : host, stay.id, `message ${i}`);
      const first = await thread(guest, stay.id, '?limit=3');
      expect(first.items.map((m) => m.body)).toEqual(['message 5', 'message 6', 'message 7']);
      expect(first.items.map((m) => [m.fromMe, m.sender.name])).toEqual([[true, CAST_NAMES.guest], [false, CAST_NAMES.host], [true, CAST_NAMES.guest]]);
      const second = await thread(guest, stay.id, `?limit=3&before=${first.earlierCursor}`);
      expect(second.items.map((m) => m.body)).toEqual(['message 2', 'message 3', 'message 4']);
      const third = await thread(guest, stay.id, `?limit=3&before=${second.earlierCursor}`);
      expect(third.items.map((m) => m.body)).toEqual(['message 1']);
      expect(third.earlierCursor).toBeNull();
      // The host sees the same thread from the other side.
      const all = await thread(host, stay.id);
      expect(all.items.map((m) => m.fromMe)).toEqual([false, true, false, true, false, true, false]);
      expect(all.earlierCursor).toBeNull();
      expect(all.items[0]).toEqual({
        id: expect.any(String),
        body: 'message 1',
        sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        fromMe: false,
        sender: { name: CAST_NAMES.guest, image: expect.stringMatching(/^\/uploads\//) },
        readAt: null,
      });

      for (const before of ['nonsense', Buffer.from('["yesterday","x"]').toString('base64url')]) {
        expect(errorOf(await t.call('GET', `/api/booking/${stay.id}/messages?before=${before}`, { as: guest }))).toMatchObject({
          status: 400,
          error: { fields: { before: 'Invalid cursor' } },
        });
      }
    });

    it("counts each side's unread messages until that side reads them; looking never marks them read", async () => {
      const stay = await newStay();
      const before = { guest: await unread(guest), host: await unread(host) };
      await write(guest, stay.id, 'One');
      await write(guest, stay.id, 'Two');
      await write(host, stay.id, 'Hello Ana');
      expect(await unread(host)).toBe(before.host + 2);
      expect(await unread(guest)).toBe(before.guest + 1);
      await thread(host, stay.id);
      await threads(host);
      expect(await unread(host)).toBe(before.host + 2);

      expect(await markRead(host, stay.id)).toBe(2);
      expect(await unread(host)).toBe(before.host);
      expect(await unread(guest)).toBe(before.guest + 1);
      const seen = await thread(guest, stay.id);
      expect(seen.items.map((m) => [m.body, m.readAt === null])).toEqual([
        ['One', false],
        ['Two', false],
        ['Hello Ana', true],
      ]);
      expect(await markRead(host, stay.id)).toBe(0);
      expect(await markRead(guest, stay.id)).toBe(1);
      expect(await unread(guest)).toBe(before.guest);
    });
  });

  describe("a person's threads", () => {
    it('lists threads as guest and as host, latest activity first, with the other party, a preview and unread counts', async () => {
      // New people, so that only these threads are theirs.
      const [ana, hana, otto] = await Promise.all([t.signUp({ name: 'Ana Two' }), t.signUp({ role: 'host', name: 'Hana Two' }), t.signUp({ role: 'host', name: 'Otto Two' })]);
      const hanaRoom = await insertRoom(t.database.db, { hostId: hana.id, title: "Hana's loft", availableFrom: day(-30), availableTo: day(90) });
      const ottoRoom = await insertRoom(t.database.db, { hostId: otto.id, title: "Otto's barn", availableFrom: day(-30), availableTo: day(90) });
      const anaAtHana = await newStay({ room: hanaRoom, guestId: ana.id });
      const anaAtOtto = await newStay({ room: ottoRoom, guestId: ana.id });
      const hanaAtOtto = await newStay({ room: ottoRoom, guestId: hana.id, from: 20 });
      await newStay({ room: hanaRoom, guestId: ana.id, from: 30 }); // no messages: not a thread

      await write(ana, anaAtHana.id, 'First question');
      await write(hana, hanaAtOtto.id, 'I am coming too');
      await write(otto, anaAtOtto.id, `  Welcome!   Here is\n\nthe code: ${'1234 '.repeat(40)}`);
      await write(ana, anaAtHana.id, 'Second question');

      const ofAna = await threads(ana);
      expect(ofAna.items.map((th) => [th.room.title, th.as, th.otherParty.name, th.lastMessage.fromMe, th.unread])).toEqual([
        ["Hana's loft", 'guest', 'Hana Two', true, 0],
        ["Otto's barn", 'guest', 'Otto Two', false, 1],
      ]);
      expect(ofAna.items[1]!.lastMessage.preview).toMatch(/^Welcome! Here is the code: 1234 1234 .*…$/);
      expect(Array.from(ofAna.items[1]!.lastMessage.preview).length).toBeLessThanOrEqual(100);
      expect(ofAna.items[0]).toMatchObject({ bookingId: anaAtHana.id, reference: anaAtHana.reference, lastMessage: { preview: 'Second question' } });
      expect(ofAna.nextCursor).toBeNull();

      const ofHana = await threads(hana);
      expect(ofHana.items.map((th) => [th.bookingId, th.as, th.otherParty.name, th.unread])).toEqual([
        [anaAtHana.id, 'host', 'Ana Two', 2],
        [hanaAtOtto.id, 'guest', 'Otto Two', 0],
      ]);
      expect(await unread(hana)).toBe(2);

      const ofOtto = await threads(otto);
      expect(ofOtto.items.map((th) => [th.bookingId, th.unread])).toEqual([
        [anaAtOtto.id, 0],
        [hanaAtOtto.id, 1],
      ]);

      // A new message moves its thread to the top; pages of one follow the same order.
      await write(hana, hanaAtOtto.id, 'Is there parking?');
      const pages: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await threads(otto, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.items).toHaveLength(1);
        pages.push(`${page.items[0]!.bookingId}:${page.items[0]!.unread}`);
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages).toEqual([`${hanaAtOtto.id}:2`, `${anaAtOtto.id}:0`]);
      expect(errorOf(await t.call('GET', '/api/messages?cursor=abc', { as: otto }))).toMatchObject({ status: 400, error: { fields: { cursor: 'Invalid cursor' } } });
    });
  });

  describe('mail to the other party', () => {
    it('mails the first message of a burst once, in text and escaped HTML, and again after the thread was read', async () => {
      const stay = await newStay();
      await t.clearMail();
      await write(guest, stay.id, 'Where is the <b>key</b>?\nWe arrive at 9 & are hungry');
      await write(guest, stay.id, 'Also: towels?');
      await write(guest, stay.id, 'Thanks!');
      const sent = await t.mailSent();
      expect(sent.map((m) => [m.to, m.subject])).toEqual([[host.email, 'New message from Ana Lima about Loft in Berlin']]);
      const [mail] = sent;
      expect(mail!.text).toContain('Hi Hana Host,');
      expect(mail!.text).toContain(`Ana Lima wrote to you about the stay at Loft in Berlin (booking ${stay.reference}):`);
      expect(mail!.text).toContain('Where is the <b>key</b>?\nWe arrive at 9 & are hungry');
      expect(mail!.text).toContain(`Read and reply: ${TEST_ORIGIN}/dashboard/trips/${stay.id}`);
      expect(mail!.text).not.toContain('towels');
      expect(mail!.html).toContain('Where is the &lt;b&gt;key&lt;/b&gt;?<br>We arrive at 9 &amp; are hungry');
      expect(mail!.html).toContain(`<a href="${TEST_ORIGIN}/dashboard/trips/${stay.id}">Read and reply</a>`);
      expect(mail!.html).not.toContain('<b>key');

      // The host's answer is a burst of its own, to the guest.
      await write(host, stay.id, 'Under the mat.');
      await write(host, stay.id, 'Towels are in the closet.');
      expect((await t.mailSent()).map((m) => [m.to, m.subject])).toEqual([
        [host.email, 'New message from Ana Lima about Loft in Berlin'],
        [guest.email, 'New message from Hana Host about Loft in Berlin'],
      ]);

      // Reading the thread ends the burst: the next message mails again.
      await markRead(host, stay.id);
      await write(guest, stay.id, 'Found it, thanks!');
      const after = await t.mailSent();
      expect(after).toHaveLength(3);
      expect(after[2]).toMatchObject({ to: host.email, subject: 'New message from Ana Lima about Loft in Berlin' });
      expect(after[2]!.text).toContain('Found it, thanks!');
    });

    it('mails once for messages sent at the same moment', async () => {
      const stay = await newStay();
      await t.clearMail();
      const results = await Promise.all(['one', 'two', 'three'].map((body) => send(guest, stay.id, body)));
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      expect((await t.mailSent()).map((m) => m.to)).toEqual([host.email]);
    });
  });

  it('limits how many messages one person sends in ten minutes', async () => {
    const [chatty, quiet] = await Promise.all([t.signUp({ name: 'Chatty' }), t.signUp({ role: 'host' })]);
    const room = await insertRoom(t.database.db, { hostId: quiet.id, availableFrom: day(-30), availableTo: day(90) });
    const stay = await newStay({ room, guestId: chatty.id });
    for (let i = 0; i < 60; i += 1) await write(chatty, stay.id, `message ${i}`);
    const refused = await send(chatty, stay.id, 'one too many');
    expect(errorOf(refused)).toMatchObject({ status: 429, error: { code: 'RATE_LIMITED' } });
    expect(refused.headers['retry-after']).toBeDefined();
    // The limit is the sender's: the other party still answers.
    await write(quiet, stay.id, 'Please slow down.');
  });
});
