import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hostStatsSchema, roomSchema, roomsPageSchema } from '@staybook/domain';
import { errorOf } from '../../test/answers.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { GUEST_REVIEW, HOST_REVIEW, useReviewSuite } from '../../test/review-suite.js';

/** A room's rating from its published reviews: on the room, its card, the host's statistics and 'Top rated'. */
describe.each(TEST_DATABASE_KINDS)('reviews API on %s', (kind) => {
  const s = useReviewSuite(kind);

  describe('ratings on rooms', () => {
    it('shows the stored aggregate on the room, its card and the host’s statistics', async () => {
      const hostOfThree = await s.t.signUp({ role: 'host', name: 'Rita Rated' });
      const room = await s.newRoom(hostOfThree.id);
      for (const [i, rating] of [5, 4, 4].entries()) {
        const { booking } = await s.pastStay({ room, endedDaysAgo: 1 + i * 4 });
        await s.write(s.guest, booking.id, { ...GUEST_REVIEW, rating });
        await s.write(hostOfThree, booking.id, HOST_REVIEW);
      }
      const one = roomSchema.parse((await s.t.call('GET', `/api/room/${room.id}`)).json());
      expect(one.rating).toMatchObject({ count: 3, average: 4.33, categories: expect.objectContaining({ accuracy: 4 }) });
      const listed = roomsPageSchema.parse((await s.t.call('GET', '/api/rooms?limit=60&sort=top-rated')).json());
      expect(listed.items[0]).toMatchObject({ _id: room.id, rating: { count: 3, average: 4.33 } });
      const stats = hostStatsSchema.parse((await s.t.call('GET', '/api/host-stat?range=all', { as: hostOfThree })).json());
      expect(stats.rating).toEqual({ count: 3, average: 4.33 });
    });

    it("orders 'Top rated' by average then count for rooms with 3 reviews or more, then the rest, and pages it", async () => {
      const ratedHost = await s.t.signUp({ role: 'host', name: 'Tara Top' });
      const roomsBy = async (ratings: number[]) => {
        const room = await s.newRoom(ratedHost.id);
        for (const [i, rating] of ratings.entries()) {
          const { booking } = await s.pastStay({ room, endedDaysAgo: 1 + i });
          await s.write(s.guest, booking.id, { ...GUEST_REVIEW, rating });
          await s.write(ratedHost, booking.id, HOST_REVIEW);
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
        const res = await s.t.call('GET', `/api/rooms?sort=top-rated&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
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
        await s.write(s.guest, booking.id, { ...GUEST_REVIEW, rating });
        await s.write(s.host, booking.id, HOST_REVIEW);
      };
      // A rated room, so that some room heads the list whatever the other tests made.
      const rated = await s.newRoom();
      for (let i = 0; i < 3; i += 1) await publish((await s.pastStay({ room: rated, endedDaysAgo: 1 + i })).booking, 4);
      const room = await s.newRoom();
      const stays = [];
      for (let i = 0; i < 8; i += 1) stays.push((await s.pastStay({ room, endedDaysAgo: 1 + i })).booking);
      const first = async () => roomsPageSchema.parse((await s.t.call('GET', '/api/rooms?sort=top-rated&limit=1')).json()).items[0]?._id;
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
      const room = await s.newRoom();
      for (let i = 0; i < 5; i += 1) {
        const { booking } = await s.pastStay({ room, endedDaysAgo: 1 + i });
        await s.write(s.guest, booking.id, { ...GUEST_REVIEW, rating: 1 + i });
        await s.write(s.host, booking.id, HOST_REVIEW);
      }
      const first = await s.roomReviews(room.id, '?limit=2');
      expect(first.items.map((r) => r.rating)).toEqual([5, 4]);
      const second = await s.roomReviews(room.id, `?limit=2&cursor=${first.nextCursor}`);
      const third = await s.roomReviews(room.id, `?limit=2&cursor=${second.nextCursor}`);
      expect([...second.items, ...third.items].map((r) => r.rating)).toEqual([3, 2, 1]);
      expect(third.nextCursor).toBeNull();
      expect(errorOf(await s.t.call('GET', `/api/rooms/${room.id}/reviews?cursor=bogus`)).status).toBe(400);
      // A made-up cursor whose date only looks valid is refused before the database sees it.
      const forged = Buffer.from(JSON.stringify(['2024-02-30T00:00:00.000Z', randomUUID()])).toString('base64url');
      expect(errorOf(await s.t.call('GET', `/api/rooms/${room.id}/reviews?cursor=${forged}`)).status).toBe(400);
      expect(errorOf(await s.t.call('GET', `/api/rooms/${randomUUID()}/reviews`)).status).toBe(404);
    });
  });
});
