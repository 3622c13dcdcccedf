import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  bookingsPageSchema,
  hostStatsSchema,
  publicReviewSchema,
  reviewStateSchema,
  roomReviewsPageSchema,
  roomSchema,
  roomsPageSchema,
  todayIso,
  tripSchema,
  type ReviewState,
} from '@staybook/domain';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { auditLog, reviews, rooms } from '../../db/schema.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';
import { FRESH_SUMS } from './ratings.js';

const day = (n: number) => addDays(todayIso(), n);

const GUEST_REVIEW = {
  rating: 5,
  cleanliness: 5,
  accuracy: 4,
  communication: 5,
  location: 3,
  checkIn: 4,
  value: 5,
  body: 'A calm flat, spotless, and the host answered at once.',
};
const HOST_REVIEW = { rating: 4, body: 'Ana left the place tidy and kept to the house rules.' };

type Room = Awaited<ReturnType<typeof insertRoom>>;

describe.each(TEST_DATABASE_KINDS)('reviews API on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let otherHost: TestUser;
  let guest: TestUser;
  let otherGuest: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [host, otherHost, guest, otherGuest, admin] = await Promise.all([
      t.signUp({ role: 'host', name: 'Hana Host' }),
      t.signUp({ role: 'host', name: 'Otto Other' }),
      t.signUp({ name: 'Ana Lima' }),
      t.signUp({ name: 'Olga Outsider' }),
      t.signUp({ role: 'admin', name: 'Adam Admin' }),
    ]);
  });
  afterAll(() => t.close());

  function newRoom(hostId = host.id): Promise<Room> {
    return insertRoom(t.database.db, { hostId, title: 'Loft in Berlin', availableFrom: day(-400), availableTo: day(90) });
  }

  /** A night's stay of Ana's that checked out `endedDaysAgo` days ago (today's date where the room is: UTC). */
  async function pastStay({ room, endedDaysAgo = 1, guestId = guest.id, status }: { room?: Room; endedDaysAgo?: number; guestId?: string; status?: 'cancelled' } = {}) {
    const stayRoom = room ?? (await newRoom());
    const checkOut = day(-endedDaysAgo);
    const { booking } = await insertBooking(t.database.db, { room: stayRoom, guestId, checkIn: addDays(checkOut, -1), checkOut, ...(status ? { status } : {}) });
    return { booking, room: stayRoom };
  }

  function post(as: TestUser | null, bookingId: string, body: unknown) {
    return t.call('POST', `/api/booking/${bookingId}/review`, { as, body });
  }

  async function write(as: TestUser, bookingId: string, body: unknown): Promise<ReviewState> {
    const res = await post(as, bookingId, body);
    expect(res.statusCode, res.body).toBe(201);
    return reviewStateSchema.parse(res.json());
  }

  async function state(as: TestUser, bookingId: string): Promise<ReviewState> {
    const res = await t.call('GET', `/api/booking/${bookingId}/review`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return reviewStateSchema.parse(res.json());
  }

  async function roomReviews(roomId: string, query = '') {
    const res = await t.call('GET', `/api/rooms/${roomId}/reviews${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return roomReviewsPageSchema.parse(res.json());
  }

  function errorOf(res: { statusCode: number; json(): unknown }) {
    return { status: res.statusCode, error: (res.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error };
  }

  /** Every room's stored aggregate equals a fresh count of its published, visible guest reviews. */
  async function expectAggregatesFresh(): Promise<void> {
    const result = (await t.database.db.execute(sql`
      select r.id from rooms r left join (${FRESH_SUMS}) s on s.room_id = r.id
      where r.review_count <> coalesce(s.n, 0) or r.rating_sum <> coalesce(s.rating, 0)
         or r.cleanliness_sum <> coalesce(s.cleanliness, 0) or r.accuracy_sum <> coalesce(s.accuracy, 0)
         or r.communication_sum <> coalesce(s.communication, 0) or r.location_sum <> coalesce(s.location, 0)
         or r.check_in_sum <> coalesce(s.check_in, 0) or r.value_sum <> coalesce(s.value, 0)`)) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([]);
  }

  async function backdate(bookingId: string, endedDaysAgo: number) {
    const checkOut = day(-endedDaysAgo);
    await t.database.db.execute(sql`update bookings set check_in = ${addDays(checkOut, -1)}::date, check_out = ${checkOut}::date where id = ${bookingId}`);
  }

  describe('the window', () => {
    it('opens the day after check-out and closes after 14 days', async () => {
      const { booking } = await pastStay({ endedDaysAgo: 0 });
      const notYet = errorOf(await post(guest, booking.id, GUEST_REVIEW));
      expect(notYet).toEqual({ status: 409, error: { code: 'REVIEW_NOT_YET', message: 'You can review this stay from the day after check-out.' } });
      expect(await state(guest, booking.id)).toMatchObject({ side: 'guest', problem: 'not-yet', opensOn: day(1), closesOn: day(14), mine: null, theirs: null });

      await backdate(booking.id, 15);
      const closed = errorOf(await post(guest, booking.id, GUEST_REVIEW));
      expect(closed).toEqual({ status: 409, error: { code: 'REVIEW_WINDOW_CLOSED', message: 'The 14 days to review this stay have passed.' } });

      await backdate(booking.id, 14);
      expect((await write(guest, booking.id, GUEST_REVIEW)).mine).toMatchObject({ side: 'guest', rating: 5, publishedAt: null });
      const { booking: next } = await pastStay({ endedDaysAgo: 1 });
      expect((await write(host, next.id, HOST_REVIEW)).mine).toMatchObject({ side: 'host', rating: 4, categories: null });
    });

    it('refuses a cancelled stay, and a stay in one’s own room', async () => {
      const { booking } = await pastStay({ status: 'cancelled' });
      for (const as of [guest, host]) {
        expect(errorOf(await post(as, booking.id, as === guest ? GUEST_REVIEW : HOST_REVIEW))).toEqual({
          status: 409,
          error: { code: 'REVIEW_CANCELLED_STAY', message: 'A cancelled stay cannot be reviewed.' },
        });
      }
      const { booking: own } = await pastStay({ guestId: host.id });
      expect(errorOf(await post(host, own.id, HOST_REVIEW))).toEqual({
        status: 403,
        error: { code: 'REVIEW_OWN_ROOM', message: 'You cannot review your own room.' },
      });
      expect(await t.database.db.select().from(reviews).where(eq(reviews.bookingId, own.id))).toEqual([]);
    });
  });

  describe('who may review', () => {
    it('answers only the stay’s guest and the room’s host; anyone else, admins included, hears the booking does not exist', async () => {
      const { booking } = await pastStay();
      const notFound = { status: 404, error: { code: 'NOT_FOUND', message: 'Booking not found.' } };
      for (const outsider of [otherGuest, otherHost, admin]) {
        expect(errorOf(await post(outsider, booking.id, GUEST_REVIEW)), outsider.email).toEqual(notFound);
        expect(errorOf(await t.call('GET', `/api/booking/${booking.id}/review`, { as: outsider }))).toEqual(notFound);
      }
      expect(errorOf(await post(null, booking.id, GUEST_REVIEW)).status).toBe(401);
      expect(errorOf(await t.call('GET', `/api/booking/${booking.id}/review`)).status).toBe(401);
      expect(errorOf(await post(guest, randomUUID(), GUEST_REVIEW))).toEqual(notFound);
      expect(errorOf(await post(guest, 'not-a-booking', GUEST_REVIEW)).status).toBe(400);
      expect(await t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id))).toEqual([]);
    });

    it('decides the side from who asks: the host cannot write the guest’s review', async () => {
      const { booking, room } = await pastStay();
      const written = await write(host, booking.id, GUEST_REVIEW);
      expect(written.side).toBe('host');
      expect(written.mine).toMatchObject({ side: 'host', rating: 5, categories: null });
      // The guest's side is still open to the guest alone.
      expect((await state(guest, booking.id)).problem).toBeNull();
      const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
      expect(row!.reviewCount).toBe(0);
    });

    it('takes one review per side: a second one, even sent at the same moment, is a 409', async () => {
      const { booking } = await pastStay();
      const [a, b] = await Promise.all([post(guest, booking.id, GUEST_REVIEW), post(guest, booking.id, GUEST_REVIEW)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const refused = errorOf(a.statusCode === 409 ? a : b);
      expect(refused.error).toEqual({ code: 'ALREADY_REVIEWED', message: 'You have already reviewed this stay.' });
      expect(errorOf(await post(guest, booking.id, GUEST_REVIEW)).error.code).toBe('ALREADY_REVIEWED');
      expect(await t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id))).toHaveLength(1);
    });

    it('names each wrong field of the side’s form', async () => {
      const { booking } = await pastStay();
      const res = errorOf(await post(guest, booking.id, { ...GUEST_REVIEW, cleanliness: 6, body: 'Too short.' }));
      expect(res.status).toBe(400);
      expect(res.error.fields).toEqual({ cleanliness: 'Please rate cleanliness from 1 to 5 stars', body: 'Please write at least 20 characters' });
      const host400 = errorOf(await post(host, booking.id, { body: HOST_REVIEW.body }));
      expect(host400).toMatchObject({ status: 400, error: { fields: { rating: 'Please rate your guest from 1 to 5 stars' } } });
    });
  });

  describe('double-blind publishing', () => {
    it('shows neither side the other’s review through any route until both wrote, then publishes both together', async () => {
      const { booking, room } = await pastStay();
      await t.clearMail();
      await write(guest, booking.id, GUEST_REVIEW);

      // The host learns nothing of it: not the review state, the room page, the trip, the booking rows or mail.
      const hostView = await state(host, booking.id);
      expect(hostView).toMatchObject({ side: 'host', problem: null, mine: null, theirs: null });
      expect((await roomReviews(room.id)).items).toEqual([]);
      const everything = JSON.stringify([
        (await t.call('GET', `/api/trips/${booking.id}`, { as: host })).json(),
        (await t.call('GET', '/api/manage-bookings?limit=100', { as: host })).json(),
        (await t.call('GET', `/api/room/${room.id}`, { as: host })).json(),
        (await t.call('GET', `/api/rooms/${room.id}/reviews`)).json(),
        await t.mailSent(),
      ]);
      expect(everything).not.toContain(GUEST_REVIEW.body);
      const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
      expect(row!.reviewCount).toBe(0);

      const both = await write(host, booking.id, HOST_REVIEW);
      expect(both.mine?.publishedAt).not.toBeNull();
      expect(both.theirs).toMatchObject({ side: 'guest', body: GUEST_REVIEW.body, publishedAt: both.mine!.publishedAt });
      expect((await state(guest, booking.id)).theirs).toMatchObject({ side: 'host', body: HOST_REVIEW.body });

      const page = await roomReviews(room.id);
      expect(page.items).toEqual([
        expect.objectContaining({ body: GUEST_REVIEW.body, rating: 5, author: expect.objectContaining({ firstName: 'Ana' }), stayMonth: booking.checkIn.slice(0, 7) }),
      ]);
      expect(page.rating).toEqual({
        count: 1,
        average: 5,
        categories: { cleanliness: 5, accuracy: 4, communication: 5, location: 3, checkIn: 4, value: 5 },
      });
      await expectAggregatesFresh();
    });

    it('publishes once when both sides write at the same moment', async () => {
      const { booking, room } = await pastStay();
      const [a, b] = await Promise.all([post(guest, booking.id, GUEST_REVIEW), post(host, booking.id, HOST_REVIEW)]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      const rows = await t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
      expect(rows.map((r) => r.publishedAt !== null)).toEqual([true, true]);
      expect(rows[0]!.publishedAt).toEqual(rows[1]!.publishedAt);
      const [roomRow] = await t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
      expect(roomRow!.reviewCount).toBe(1);
      await expectAggregatesFresh();
    });

    it('publishes the one review that exists when the window closes, once, even while the other side writes', async () => {
      const { booking, room } = await pastStay({ endedDaysAgo: 14 });
      await write(guest, booking.id, GUEST_REVIEW);
      // The last day: the sweep publishes nothing yet.
      expect(await t.app.reviewSweeper.sweep()).toMatchObject({ published: 0 });
      expect((await state(host, booking.id)).theirs).toBeNull();

      // The host writes at the last moment while a sweep that sees the window closed runs.
      const [written] = await Promise.all([post(host, booking.id, HOST_REVIEW), t.app.reviewSweeper.sweep({ now: new Date(Date.now() + 86_400_000) })]);
      expect(written.statusCode, written.body).toBe(201);
      const rows = await t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
      expect(rows.every((r) => r.publishedAt !== null)).toBe(true);
      const [roomRow] = await t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
      expect(roomRow!.reviewCount).toBe(1);
      await expectAggregatesFresh();

      // A host's lone review is published by the window's end too, and does not count in the room's rating.
      const { booking: other, room: otherRoom } = await pastStay({ endedDaysAgo: 14 });
      await write(host, other.id, HOST_REVIEW);
      await backdate(other.id, 15);
      await t.app.reviewSweeper.sweep();
      expect((await state(guest, other.id))).toMatchObject({ problem: 'window-closed', theirs: { side: 'host', body: HOST_REVIEW.body } });
      expect((await roomReviews(otherRoom.id)).rating.count).toBe(0);
      await expectAggregatesFresh();
    });
  });

  describe('booking rows', () => {
    it('say whether the viewer may review the stay now and whether they did, for their own side', async () => {
      const room = await newRoom();
      const { booking } = await pastStay({ room, endedDaysAgo: 2 });
      const mine = async () => bookingsPageSchema.parse((await t.call('GET', '/api/my-bookings?limit=100', { as: guest })).json()).items.find((b) => b._id === booking.id)!;
      const managed = async () =>
        bookingsPageSchema.parse((await t.call('GET', '/api/manage-bookings?limit=100', { as: host })).json()).items.find((b) => b._id === booking.id)!;
      expect((await mine()).review).toEqual({ canWrite: true, written: false, closesOn: day(12) });
      await write(guest, booking.id, GUEST_REVIEW);
      expect((await mine()).review).toEqual({ canWrite: false, written: true, closesOn: day(12) });
      expect((await managed()).review).toEqual({ canWrite: true, written: false, closesOn: day(12) });
      const trip = tripSchema.parse((await t.call('GET', `/api/trips/${booking.id}`, { as: host })).json());
      expect(trip.booking.review).toEqual({ canWrite: true, written: false, closesOn: day(12) });
    });
  });

  describe('replies', () => {
    it('lets the room’s host answer a published review once', async () => {
      const { booking, room } = await pastStay();
      await write(guest, booking.id, GUEST_REVIEW);
      const [unpublished] = await t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
      const reply = (as: TestUser | null, body: unknown) => t.call('POST', `/api/reviews/${unpublished!.id}/reply`, { as, body: { body } });
      // Not published yet: nobody can tell it exists, its host included.
      expect(errorOf(await reply(host, 'Thank you!'))).toEqual({ status: 404, error: { code: 'NOT_FOUND', message: 'Review not found.' } });

      await write(host, booking.id, HOST_REVIEW);
      expect(errorOf(await reply(otherHost, 'Thank you!')).status).toBe(403);
      expect(errorOf(await reply(guest, 'Thank you!')).status).toBe(403);
      expect(errorOf(await reply(null, 'Thank you!')).status).toBe(401);
      expect(errorOf(await reply(host, '   '))).toMatchObject({ status: 400, error: { fields: { body: 'Please write your reply' } } });
      const res = await reply(host, 'Thank you, Ana!');
      expect(res.statusCode, res.body).toBe(200);
      expect(publicReviewSchema.parse(res.json()).reply).toMatchObject({ body: 'Thank you, Ana!' });
      expect(errorOf(await reply(host, 'Again')).status).toBe(409);
      expect((await roomReviews(room.id)).items[0]!.reply).toMatchObject({ body: 'Thank you, Ana!' });
      const [hostSide] = await t.database.db.select().from(reviews).where(sql`${reviews.bookingId} = ${booking.id} and ${reviews.side} = 'host'`);
      expect(errorOf(await t.call('POST', `/api/reviews/${hostSide!.id}/reply`, { as: host, body: { body: 'Hm' } })).status).toBe(404);
      await expectAggregatesFresh();
    });
  });

  describe('hiding', () => {
    it('lets an admin hide a review with a reason: it leaves the room and its rating, is audited, and its author and host are told', async () => {
      const room = await newRoom();
      for (const [i, rating] of [5, 3].entries()) {
        const { booking } = await pastStay({ room, endedDaysAgo: 1 + i });
        await write(guest, booking.id, { ...GUEST_REVIEW, rating });
        await write(host, booking.id, HOST_REVIEW);
      }
      expect((await roomReviews(room.id)).rating).toMatchObject({ count: 2, average: 4 });
      const target = (await roomReviews(room.id)).items.find((r) => r.rating === 3)!;
      await t.clearMail();

      const hide = (as: TestUser | null, reason: unknown) => t.call('POST', `/api/reviews/${target.id}/hide`, { as, body: { reason } });
      for (const notAdmin of [guest, host]) expect(errorOf(await hide(notAdmin, 'Spam')).status).toBe(403);
      expect(errorOf(await hide(null, 'Spam')).status).toBe(401);
      expect(errorOf(await hide(admin, '')).error.fields).toEqual({ reason: 'Please write a reason' });
      const res = await hide(admin, 'It names a neighbour.');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(errorOf(await hide(admin, 'Again')).status).toBe(409);

      const page = await roomReviews(room.id);
      expect(page.items.map((r) => r.id)).not.toContain(target.id);
      expect(page.rating).toMatchObject({ count: 1, average: 5 });
      await expectAggregatesFresh();
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.reviewId, target.id));
      expect(audit).toEqual([expect.objectContaining({ actorId: admin.id, action: 'review.hide', userId: guest.id, reason: 'It names a neighbour.' })]);
      const mail = await t.mailSent();
      expect(mail.map((m) => m.to).sort()).toEqual([guest.email, host.email].sort());
      expect(mail.every((m) => m.text.includes('It names a neighbour.'))).toBe(true);

      // A review still waiting for the other side is nobody's to see: hiding it would tell the host it exists.
      const { booking } = await pastStay({ room, endedDaysAgo: 4 });
      await write(guest, booking.id, GUEST_REVIEW);
      const [waiting] = await t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
      await t.clearMail();
      expect(errorOf(await t.call('POST', `/api/reviews/${waiting!.id}/hide`, { as: admin, body: { reason: 'Spam' } })).status).toBe(404);
      expect(await t.mailSent()).toEqual([]);
    });
  });

  describe('ratings on rooms', () => {
    it('shows the stored aggregate on the room, its card and the host’s statistics', async () => {
      const hostOfThree = await t.signUp({ role: 'host', name: 'Rita Rated' });
      const room = await newRoom(hostOfThree.id);
      for (const [i, rating] of [5, 4, 4].entries()) {
        const { booking } = await pastStay({ room, endedDaysAgo: 1 + i * 4 });
        await write(guest, booking.id, { ...GUEST_REVIEW, rating });
        await write(hostOfThree, booking.id, HOST_REVIEW);
      }
      const one = roomSchema.parse((await t.call('GET', `/api/room/${room.id}`)).json());
      expect(one.rating).toMatchObject({ count: 3, average: 4.33, categories: expect.objectContaining({ accuracy: 4 }) });
      const listed = roomsPageSchema.parse((await t.call('GET', '/api/rooms?limit=60&sort=top-rated')).json());
      expect(listed.items[0]).toMatchObject({ _id: room.id, rating: { count: 3, average: 4.33 } });
      const stats = hostStatsSchema.parse((await t.call('GET', '/api/host-stat?range=all', { as: hostOfThree })).json());
      expect(stats.rating).toEqual({ count: 3, average: 4.33 });
    });

    it("orders 'Top rated' by average then count for rooms with 3 reviews or more, then the rest, and pages it", async () => {
      const ratedHost = await t.signUp({ role: 'host', name: 'Tara Top' });
      const roomsBy = async (ratings: number[]) => {
        const room = await newRoom(ratedHost.id);
        for (const [i, rating] of ratings.entries()) {
          const { booking } = await pastStay({ room, endedDaysAgo: 1 + i });
          await write(guest, booking.id, { ...GUEST_REVIEW, rating });
          await write(ratedHost, booking.id, HOST_REVIEW);
        }
        return room.id;
      };
      const best = await roomsBy([5, 5, 5, 5]);
      const good = await roomsBy([5, 5, 4]);
      const fewButPerfect = await roomsBy([5, 5]);
      const ids = new Set([best, good, fewButPerfect]);
      const order: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await t.call('GET', `/api/rooms?sort=top-rated&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        const page = roomsPageSchema.parse(res.json());
        order.push(...page.items.map((r) => r._id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(order).size).toBe(order.length);
      expect(order.filter((id) => ids.has(id))).toEqual([best, good, fewButPerfect]);
      const firstUnrated = order.findIndex((id) => id === fewButPerfect);
      expect(order.indexOf(best)).toBeLessThan(firstUnrated);
    });

    it("draws a kept 'Top rated' page again when a room it does not show is rated past the rooms it does", async () => {
      const publish = async (booking: { id: string }, rating = 5) => {
        await write(guest, booking.id, { ...GUEST_REVIEW, rating });
        await write(host, booking.id, HOST_REVIEW);
      };
      // A rated room, so that some room heads the list whatever the other tests made.
      const rated = await newRoom();
      for (let i = 0; i < 3; i += 1) await publish((await pastStay({ room: rated, endedDaysAgo: 1 + i })).booking, 4);
      const room = await newRoom();
      const stays = [];
      for (let i = 0; i < 8; i += 1) stays.push((await pastStay({ room, endedDaysAgo: 1 + i })).booking);
      const first = async () => roomsPageSchema.parse((await t.call('GET', '/api/rooms?sort=top-rated&limit=1')).json()).items[0]?._id;
      // Two reviews rank it with the rooms not yet rated: the first page (kept from here on) shows another room.
      for (const booking of stays.slice(0, 2)) await publish(booking);
      const before = await first();
      expect(before).not.toBe(room.id);
      expect(await first()).toBe(before);
      // Eight reviews of five stars: more than any other room has, so it now heads the list.
      for (const booking of stays.slice(2)) await publish(booking);
      expect(await first()).toBe(room.id);
    });

    it('pages a room’s reviews newest first', async () => {
      const room = await newRoom();
      for (let i = 0; i < 5; i += 1) {
        const { booking } = await pastStay({ room, endedDaysAgo: 1 + i });
        await write(guest, booking.id, { ...GUEST_REVIEW, rating: 1 + i });
        await write(host, booking.id, HOST_REVIEW);
      }
      const first = await roomReviews(room.id, '?limit=2');
      expect(first.items.map((r) => r.rating)).toEqual([5, 4]);
      const second = await roomReviews(room.id, `?limit=2&cursor=${first.nextCursor}`);
      const third = await roomReviews(room.id, `?limit=2&cursor=${second.nextCursor}`);
      expect([...second.items, ...third.items].map((r) => r.rating)).toEqual([3, 2, 1]);
      expect(third.nextCursor).toBeNull();
      expect(errorOf(await t.call('GET', `/api/rooms/${room.id}/reviews?cursor=bogus`)).status).toBe(400);
      // A made-up cursor whose date only looks valid is refused before the database sees it.
      const forged = Buffer.from(JSON.stringify(['2024-02-30T00:00:00.000Z', randomUUID()])).toString('base64url');
      expect(errorOf(await t.call('GET', `/api/rooms/${room.id}/reviews?cursor=${forged}`)).status).toBe(400);
      expect(errorOf(await t.call('GET', `/api/rooms/${randomUUID()}/reviews`)).status).toBe(404);
    });
  });

  describe('the invitation', () => {
    it('mails the guest once on the day after check-out, with a link to the review page', async () => {
      const { booking } = await pastStay({ endedDaysAgo: 0 });
      await t.clearMail();
      const invitations = async () => (await t.mailSent()).filter((m) => m.subject === 'How was your stay at Loft in Berlin?' && m.text.includes(booking.id));
      await t.app.reviewSweeper.sweep();
      expect(await invitations()).toEqual([]);
      const tomorrow = new Date(Date.now() + 86_400_000);
      await t.app.reviewSweeper.sweep({ now: tomorrow });
      await t.app.reviewSweeper.sweep({ now: tomorrow });
      const sent = await invitations();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: guest.email });
      expect(sent[0]!.text).toContain(`http://localhost:3000/dashboard/trips/${booking.id}/review`);

      // A guest who already reviewed is not invited.
      const { booking: reviewed } = await pastStay({ endedDaysAgo: 1 });
      await write(guest, reviewed.id, GUEST_REVIEW);
      await t.app.reviewSweeper.sweep();
      expect((await t.mailSent()).some((m) => m.text.includes(reviewed.id))).toBe(false);
    });
  });
});
