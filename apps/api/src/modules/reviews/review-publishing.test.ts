import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicReviewSchema } from '@staybook/domain';
import { auditLog, reviews, rooms } from '../../db/schema.js';
import { errorOf } from '../../test/answers.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { GUEST_REVIEW, HOST_REVIEW, useReviewSuite } from '../../test/review-suite.js';
import type { TestUser } from '../../test/test-app.js';

/** Double-blind publishing, the host's reply, and an admin hiding a review: what each side sees, and when. */
describe.each(TEST_DATABASE_KINDS)('reviews API on %s', (kind) => {
  const s = useReviewSuite(kind);

  describe('double-blind publishing', () => {
    it('shows neither side the other’s review through any route until both wrote, then publishes both together', async () => {
      const { booking, room } = await s.pastStay();
      await s.t.clearMail();
      await s.write(s.guest, booking.id, GUEST_REVIEW);

      // The host learns nothing of it: not the review state, the room page, the trip, the booking rows or mail.
      const hostView = await s.state(s.host, booking.id);
      expect(hostView).toMatchObject({ side: 'host', problem: null, mine: null, theirs: null });
      expect((await s.roomReviews(room.id)).items).toEqual([]);
      const everything = JSON.stringify([
        (await s.t.call('GET', `/api/trips/${booking.id}`, { as: s.host })).json(),
        (await s.t.call('GET', '/api/manage-bookings?limit=100', { as: s.host })).json(),
        (await s.t.call('GET', `/api/room/${room.id}`, { as: s.host })).json(),
        (await s.t.call('GET', `/api/rooms/${room.id}/reviews`)).json(),
        await s.t.mailSent(),
      ]);
      expect(everything).not.toContain(GUEST_REVIEW.body);
      const [row] = await s.t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
      expect(row!.reviewCount).toBe(0);

      const both = await s.write(s.host, booking.id, HOST_REVIEW);
      expect(both.mine?.publishedAt).not.toBeNull();
      expect(both.theirs).toMatchObject({ side: 'guest', body: GUEST_REVIEW.body, publishedAt: both.mine!.publishedAt });
      expect((await s.state(s.guest, booking.id)).theirs).toMatchObject({ side: 'host', body: HOST_REVIEW.body });

      const page = await s.roomReviews(room.id);
      expect(page.items).toEqual([
        expect.objectContaining({ body: GUEST_REVIEW.body, rating: 5, author: expect.objectContaining({ firstName: 'Ana' }), stayMonth: booking.checkIn.slice(0, 7) }),
      ]);
      expect(page.rating).toEqual({
        count: 1,
        average: 5,
        categories: { cleanliness: 5, accuracy: 4, communication: 5, location: 3, checkIn: 4, value: 5 },
      });
      await s.expectAggregatesFresh();
    });

    it('publishes once when both sides write at the same moment', async () => {
      const { booking, room } = await s.pastStay();
      const [a, b] = await Promise.all([s.post(s.guest, booking.id, GUEST_REVIEW), s.post(s.host, booking.id, HOST_REVIEW)]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      const rows = await s.t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
      expect(rows.map((r) => r.publishedAt !== null)).toEqual([true, true]);
      expect(rows[0]!.publishedAt).toEqual(rows[1]!.publishedAt);
      const [roomRow] = await s.t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
      expect(roomRow!.reviewCount).toBe(1);
      await s.expectAggregatesFresh();
    });

    it('publishes the one review that exists when the window closes, once, even while the other side writes', async () => {
      const { booking, room } = await s.pastStay({ endedDaysAgo: 14 });
      await s.write(s.guest, booking.id, GUEST_REVIEW);
      // The last day: the sweep publishes nothing yet.
      expect(await s.t.app.reviewSweeper.sweep()).toMatchObject({ published: 0 });
      expect((await s.state(s.host, booking.id)).theirs).toBeNull();

      // The host writes at the last moment while a sweep that sees the window closed runs.
      const [written] = await Promise.all([s.post(s.host, booking.id, HOST_REVIEW), s.t.app.reviewSweeper.sweep({ now: new Date(Date.now() + 86_400_000) })]);
      expect(written.statusCode, written.body).toBe(201);
      const rows = await s.t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
      expect(rows.every((r) => r.publishedAt !== null)).toBe(true);
      const [roomRow] = await s.t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
      expect(roomRow!.reviewCount).toBe(1);
      await s.expectAggregatesFresh();

      // A host's lone review is published by the window's end too, and does not count in the room's rating.
      const { booking: other, room: otherRoom } = await s.pastStay({ endedDaysAgo: 14 });
      await s.write(s.host, other.id, HOST_REVIEW);
      await s.backdate(other.id, 15);
      await s.t.app.reviewSweeper.sweep();
      expect((await s.state(s.guest, other.id))).toMatchObject({ problem: 'window-closed', theirs: { side: 'host', body: HOST_REVIEW.body } });
      expect((await s.roomReviews(otherRoom.id)).rating.count).toBe(0);
      await s.expectAggregatesFresh();
    });
  });

  describe('replies', () => {
    it('lets the room’s host answer a published review once', async () => {
      const { booking, room } = await s.pastStay();
      await s.write(s.guest, booking.id, GUEST_REVIEW);
      const [unpublished] = await s.t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
      const reply = (as: TestUser | null, body: unknown) => s.t.call('POST', `/api/reviews/${unpublished!.id}/reply`, { as, body: { body } });
      // Not published yet: nobody can tell it exists, its host included.
      expect(errorOf(await reply(s.host, 'Thank you!'))).toEqual({ status: 404, error: { code: 'NOT_FOUND', message: 'Review not found.' } });

      await s.write(s.host, booking.id, HOST_REVIEW);
      // Anyone but the room's host, admins included, hears what an id nobody has answers (decision 075).
      const noSuchReview = await s.t.call('POST', `/api/reviews/${randomUUID()}/reply`, { as: s.otherHost, body: { body: 'Thank you!' } });
      expect(errorOf(noSuchReview)).toEqual({ status: 404, error: { code: 'NOT_FOUND', message: 'Review not found.' } });
      for (const outsider of [s.otherHost, s.guest, s.admin]) {
        const res = await reply(outsider, 'Thank you!');
        expect(errorOf(res), outsider.email).toEqual(errorOf(noSuchReview));
        expect(res.body).toBe(noSuchReview.body);
      }
      expect(errorOf(await reply(null, 'Thank you!')).status).toBe(401);
      expect(errorOf(await reply(s.host, '   '))).toMatchObject({ status: 400, error: { fields: { body: 'Please write your reply' } } });
      const res = await reply(s.host, 'Thank you, Ana!');
      expect(res.statusCode, res.body).toBe(200);
      expect(publicReviewSchema.parse(res.json()).reply).toMatchObject({ body: 'Thank you, Ana!' });
      expect(errorOf(await reply(s.host, 'Again')).status).toBe(409);
      expect((await s.roomReviews(room.id)).items[0]!.reply).toMatchObject({ body: 'Thank you, Ana!' });
      const [hostSide] = await s.t.database.db.select().from(reviews).where(sql`${reviews.bookingId} = ${booking.id} and ${reviews.side} = 'host'`);
      expect(errorOf(await s.t.call('POST', `/api/reviews/${hostSide!.id}/reply`, { as: s.host, body: { body: 'Hm' } })).status).toBe(404);
      await s.expectAggregatesFresh();
    });
  });

  describe('hiding', () => {
    it('lets an admin hide a review with a reason: it leaves the room and its rating, is audited, and its author and host are told', async () => {
      const room = await s.newRoom();
      for (const [i, rating] of [5, 3].entries()) {
        const { booking } = await s.pastStay({ room, endedDaysAgo: 1 + i });
        await s.write(s.guest, booking.id, { ...GUEST_REVIEW, rating });
        await s.write(s.host, booking.id, HOST_REVIEW);
      }
      expect((await s.roomReviews(room.id)).rating).toMatchObject({ count: 2, average: 4 });
      const target = (await s.roomReviews(room.id)).items.find((r) => r.rating === 3)!;
      await s.t.clearMail();

      const hide = (as: TestUser | null, reason: unknown) => s.t.call('POST', `/api/reviews/${target.id}/hide`, { as, body: { reason } });
      for (const notAdmin of [s.guest, s.host]) expect(errorOf(await hide(notAdmin, 'Spam')).status).toBe(403);
      expect(errorOf(await hide(null, 'Spam')).status).toBe(401);
      expect(errorOf(await hide(s.admin, '')).error.fields).toEqual({ reason: 'Please write a reason' });
      const res = await hide(s.admin, 'It names a neighbour.');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(errorOf(await hide(s.admin, 'Again')).status).toBe(409);

      const page = await s.roomReviews(room.id);
      expect(page.items.map((r) => r.id)).not.toContain(target.id);
      expect(page.rating).toMatchObject({ count: 1, average: 5 });
      await s.expectAggregatesFresh();
      const audit = await s.t.database.db.select().from(auditLog).where(eq(auditLog.reviewId, target.id));
      expect(audit).toEqual([expect.objectContaining({ actorId: s.admin.id, action: 'review.hide', userId: s.guest.id, reason: 'It names a neighbour.' })]);
      const mail = await s.t.mailSent();
      expect(mail.map((m) => m.to).sort()).toEqual([s.guest.email, s.host.email].sort());
      expect(mail.every((m) => m.text.includes('It names a neighbour.'))).toBe(true);

      // A review still waiting for the other side is nobody's to see: hiding it would tell the host it exists.
      const { booking } = await s.pastStay({ room, endedDaysAgo: 4 });
      await s.write(s.guest, booking.id, GUEST_REVIEW);
      const [waiting] = await s.t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
      await s.t.clearMail();
      expect(errorOf(await s.t.call('POST', `/api/reviews/${waiting!.id}/hide`, { as: s.admin, body: { reason: 'Spam' } })).status).toBe(404);
      expect(await s.t.mailSent()).toEqual([]);
    });
  });
});
