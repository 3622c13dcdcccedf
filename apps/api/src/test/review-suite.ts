import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays, reviewStateSchema, roomReviewsPageSchema, type ReviewState } from '@staybook/domain';
import { insertBooking, insertRoom } from '../db/factories.js';
import { staleRatingRooms } from '../modules/reviews/ratings.js';
import { signUpCast, type Cast } from './cast.js';
import type { TestDatabaseKind } from './databases.js';
import { day } from './dates.js';
import { useSuite } from './suites.js';
import { createTestApp, type TestApp, type TestUser } from './test-app.js';

/** Ana's review of a stay, every category rated. */
export const GUEST_REVIEW = {
  rating: 5,
  cleanliness: 5,
  accuracy: 4,
  communication: 5,
  location: 3,
  checkIn: 4,
  value: 5,
  body: 'A calm flat, spotless, and the host answered at once.',
};
/** Hana's review of Ana. */
export const HOST_REVIEW = { rating: 4, body: 'Ana left the place tidy and kept to the house rules.' };

type Room = Awaited<ReturnType<typeof insertRoom>>;

/** What the reviews API suites share: an app on a fresh database, the cast, past stays, and the review routes. */
export type ReviewSuite = Cast & {
  t: TestApp;
  /** A room of Hana's (or of `hostId`), open from 400 days ago to 90 days ahead. */
  newRoom(hostId?: string): Promise<Room>;
  /** A night's stay of Ana's that checked out `endedDaysAgo` days ago (today's date where the room is: UTC). */
  pastStay(options?: { room?: Room; endedDaysAgo?: number; guestId?: string; status?: 'cancelled' }): Promise<{
    booking: Awaited<ReturnType<typeof insertBooking>>['booking'];
    room: Room;
  }>;
  /** Sends a review of a stay as `as`. */
  post(as: TestUser | null, bookingId: string, body: unknown): ReturnType<TestApp['call']>;
  /** Writes a review of a stay as `as`; fails the test unless it is taken. */
  write(as: TestUser, bookingId: string, body: unknown): Promise<ReviewState>;
  /** A stay's reviews as `as` sees them. */
  state(as: TestUser, bookingId: string): Promise<ReviewState>;
  /** A page of a room's published reviews, as a visitor sees it. */
  roomReviews(roomId: string, query?: string): Promise<ReturnType<typeof roomReviewsPageSchema.parse>>;
  /** Every room's stored aggregate equals a fresh count of its published, visible guest reviews. */
  expectAggregatesFresh(): Promise<void>;
  /** Moves a stay of one night so that it checked out `endedDaysAgo` days ago. */
  backdate(bookingId: string, endedDaysAgo: number): Promise<void>;
};

/** The reviews suite on a database of `kind`: opened before the suite's tests run, closed after them. */
export function useReviewSuite(kind: TestDatabaseKind): ReviewSuite {
  return useSuite(() => openReviewSuite(kind), (s) => s.t.close());
}

/** Opens the app on a database of `kind` and signs the cast up. */
async function openReviewSuite(kind: TestDatabaseKind): Promise<ReviewSuite> {
  const t = await createTestApp(kind);
  const cast = await signUpCast(t);
  const newRoom: ReviewSuite['newRoom'] = (hostId = cast.host.id) =>
    insertRoom(t.database.db, { hostId, title: 'Loft in Berlin', availableFrom: day(-400), availableTo: day(90) });
  const post: ReviewSuite['post'] = (as, bookingId, body) => t.call('POST', `/api/booking/${bookingId}/review`, { as, body });
  return {
    t,
    ...cast,
    newRoom,
    async pastStay({ room, endedDaysAgo = 1, guestId = cast.guest.id, status } = {}) {
      const stayRoom = room ?? (await newRoom());
      const checkOut = day(-endedDaysAgo);
      const { booking } = await insertBooking(t.database.db, { room: stayRoom, guestId, checkIn: addDays(checkOut, -1), checkOut, ...(status ? { status } : {}) });
      return { booking, room: stayRoom };
    },
    post,
    async write(as, bookingId, body) {
      const res = await post(as, bookingId, body);
      expect(res.statusCode, res.body).toBe(201);
      return reviewStateSchema.parse(res.json());
    },
    async state(as, bookingId) {
      const res = await t.call('GET', `/api/booking/${bookingId}/review`, { as });
      expect(res.statusCode, res.body).toBe(200);
      return reviewStateSchema.parse(res.json());
    },
    async roomReviews(roomId, query = '') {
      const res = await t.call('GET', `/api/rooms/${roomId}/reviews${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return roomReviewsPageSchema.parse(res.json());
    },
    async expectAggregatesFresh() {
      expect(await staleRatingRooms(t.database.db)).toEqual([]);
    },
    async backdate(bookingId, endedDaysAgo) {
      const checkOut = day(-endedDaysAgo);
      await t.database.db.execute(sql`update bookings set check_in = ${addDays(checkOut, -1)}::date, check_out = ${checkOut}::date where id = ${bookingId}`);
    },
  };
}
