import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingsPageSchema, tripSchema } from '@staybook/domain';
import { reviews, rooms } from '../../db/schema.js';
import { errorOf } from '../../test/answers.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { GUEST_REVIEW, HOST_REVIEW, useReviewSuite } from '../../test/review-suite.js';

/** When a stay may be reviewed and by whom, what the booking rows say of it, and the invitation to write. */
describe.each(TEST_DATABASE_KINDS)('reviews API on %s', (kind) => {
  const s = useReviewSuite(kind);

  describe('the window', () => {
    it('opens the day after check-out and closes after 14 days', async () => {
      const { booking } = await s.pastStay({ endedDaysAgo: 0 });
      const notYet = errorOf(await s.post(s.guest, booking.id, GUEST_REVIEW));
      expect(notYet).toEqual({ status: 409, error: { code: 'REVIEW_NOT_YET', message: 'You can review this stay from the day after check-out.' } });
      expect(await s.state(s.guest, booking.id)).toMatchObject({ side: 'guest', problem: 'not-yet', opensOn: day(1), closesOn: day(14), mine: null, theirs: null });

      await s.backdate(booking.id, 15);
      const closed = errorOf(await s.post(s.guest, booking.id, GUEST_REVIEW));
      expect(closed).toEqual({ status: 409, error: { code: 'REVIEW_WINDOW_CLOSED', message: 'The 14 days to review this stay have passed.' } });

      await s.backdate(booking.id, 14);
      expect((await s.write(s.guest, booking.id, GUEST_REVIEW)).mine).toMatchObject({ side: 'guest', rating: 5, publishedAt: null });
      const { booking: next } = await s.pastStay({ endedDaysAgo: 1 });
      expect((await s.write(s.host, next.id, HOST_REVIEW)).mine).toMatchObject({ side: 'host', rating: 4, categories: null });
    });

    it('refuses a cancelled stay, and a stay in one’s own room', async () => {
      const { booking } = await s.pastStay({ status: 'cancelled' });
      for (const as of [s.guest, s.host]) {
        expect(errorOf(await s.post(as, booking.id, as === s.guest ? GUEST_REVIEW : HOST_REVIEW))).toEqual({
          status: 409,
          error: { code: 'REVIEW_CANCELLED_STAY', message: 'A cancelled stay cannot be reviewed.' },
        });
      }
      const { booking: own } = await s.pastStay({ guestId: s.host.id });
      expect(errorOf(await s.post(s.host, own.id, HOST_REVIEW))).toEqual({
        status: 403,
        error: { code: 'REVIEW_OWN_ROOM', message: 'You cannot review your own room.' },
      });
      expect(await s.t.database.db.select().from(reviews).where(eq(reviews.bookingId, own.id))).toEqual([]);
    });
  });

  describe('who may review', () => {
    it('answers only the stay’s guest and the room’s host; anyone else, admins included, hears the booking does not exist', async () => {
      const { booking } = await s.pastStay();
      const notFound = { status: 404, error: { code: 'NOT_FOUND', message: 'Booking not found.' } };
      for (const outsider of [s.otherGuest, s.otherHost, s.admin]) {
        expect(errorOf(await s.post(outsider, booking.id, GUEST_REVIEW)), outsider.email).toEqual(notFound);
        expect(errorOf(await s.t.call('GET', `/api/booking/${booking.id}/review`, { as: outsider }))).toEqual(notFound);
      }
      expect(errorOf(await s.post(null, booking.id, GUEST_REVIEW)).status).toBe(401);
      expect(errorOf(await s.t.call('GET', `/api/booking/${booking.id}/review`)).status).toBe(401);
      expect(errorOf(await s.post(s.guest, randomUUID(), GUEST_REVIEW))).toEqual(notFound);
      expect(errorOf(await s.post(s.guest, 'not-a-booking', GUEST_REVIEW)).status).toBe(400);
      expect(await s.t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id))).toEqual([]);
    });

    it('decides the side from who asks: the host cannot write the guest’s review', async () => {
      const { booking, room } = await s.pastStay();
      const written = await s.write(s.host, booking.id, GUEST_REVIEW);
      expect(written.side).toBe('host');
      expect(written.mine).toMatchObject({ side: 'host', rating: 5, categories: null });
      // The guest's side is still open to the guest alone.
      expect((await s.state(s.guest, booking.id)).problem).toBeNull();
      const [row] = await s.t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
      expect(row!.reviewCount).toBe(0);
    });

    it('takes one review per side: a second one, even sent at the same moment, is a 409', async () => {
      const { booking } = await s.pastStay();
      const [a, b] = await Promise.all([s.post(s.guest, booking.id, GUEST_REVIEW), s.post(s.guest, booking.id, GUEST_REVIEW)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const refused = errorOf(a.statusCode === 409 ? a : b);
      expect(refused.error).toEqual({ code: 'ALREADY_REVIEWED', message: 'You have already reviewed this stay.' });
      expect(errorOf(await s.post(s.guest, booking.id, GUEST_REVIEW)).error.code).toBe('ALREADY_REVIEWED');
      expect(await s.t.database.db.select().from(reviews).where(eq(reviews.bookingId, booking.id))).toHaveLength(1);
    });

    it('names each wrong field of the side’s form', async () => {
      const { booking } = await s.pastStay();
      const res = errorOf(await s.post(s.guest, booking.id, { ...GUEST_REVIEW, cleanliness: 6, body: 'Too short.' }));
      expect(res.status).toBe(400);
      expect(res.error.fields).toEqual({ cleanliness: 'Please rate cleanliness from 1 to 5 stars', body: 'Please write at least 20 characters' });
      const host400 = errorOf(await s.post(s.host, booking.id, { body: HOST_REVIEW.body }));
      expect(host400).toMatchObject({ status: 400, error: { fields: { rating: 'Please rate your guest from 1 to 5 stars' } } });
    });
  });

  describe('booking rows', () => {
    it('say whether the viewer may review the stay now and whether they did, for their own side', async () => {
      const room = await s.newRoom();
      const { booking } = await s.pastStay({ room, endedDaysAgo: 2 });
      const mine = async () => bookingsPageSchema.parse((await s.t.call('GET', '/api/my-bookings?limit=100', { as: s.guest })).json()).items.find((b) => b._id === booking.id)!;
      const managed = async () =>
        bookingsPageSchema.parse((await s.t.call('GET', '/api/manage-bookings?limit=100', { as: s.host })).json()).items.find((b) => b._id === booking.id)!;
      expect((await mine()).review).toEqual({ canWrite: true, written: false, closesOn: day(12) });
      await s.write(s.guest, booking.id, GUEST_REVIEW);
      expect((await mine()).review).toEqual({ canWrite: false, written: true, closesOn: day(12) });
      expect((await managed()).review).toEqual({ canWrite: true, written: false, closesOn: day(12) });
      const trip = tripSchema.parse((await s.t.call('GET', `/api/trips/${booking.id}`, { as: s.host })).json());
      expect(trip.booking.review).toEqual({ canWrite: true, written: false, closesOn: day(12) });
    });
  });

  describe('the invitation', () => {
    it('mails the guest once on the day after check-out, with a link to the review page', async () => {
      const { booking } = await s.pastStay({ endedDaysAgo: 0 });
      await s.t.clearMail();
      const invitations = async () => (await s.t.mailSent()).filter((m) => m.subject === 'How was your stay at Loft in Berlin?' && m.text.includes(booking.id));
      await s.t.app.reviewSweeper.sweep();
      expect(await invitations()).toEqual([]);
      const tomorrow = new Date(Date.now() + 86_400_000);
      await s.t.app.reviewSweeper.sweep({ now: tomorrow });
      await s.t.app.reviewSweeper.sweep({ now: tomorrow });
      const sent = await invitations();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: s.guest.email });
      expect(sent[0]!.text).toContain(`http://localhost:3000/dashboard/trips/${booking.id}/review`);

      // A guest who already reviewed is not invited.
      const { booking: reviewed } = await s.pastStay({ endedDaysAgo: 1 });
      await s.write(s.guest, reviewed.id, GUEST_REVIEW);
      await s.t.app.reviewSweeper.sweep();
      expect((await s.t.mailSent()).some((m) => m.text.includes(reviewed.id))).toBe(false);
    });
  });
});
