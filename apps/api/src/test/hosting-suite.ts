import { eq } from 'drizzle-orm';
import { roomsPageSchema, type Room } from '@staybook/domain';
import { rooms } from '../db/schema.js';
import { signUpCast, type Cast } from './cast.js';
import type { TestDatabaseKind } from './databases.js';
import { listRoom } from './rooms.js';
import { useSuite } from './suites.js';
import { createTestApp, type TestApp, type TestUser } from './test-app.js';

/** The answers of the hosting routes to a visitor, to someone without the host's role, and for a room that is gone. */
export const SIGN_IN = { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } };
export const WRONG_ROLE = { error: { code: 'FORBIDDEN', message: 'You do not have the role this needs.' } };
export const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Room not found. It may have been removed by its host.' } };

/** The answer to a room form with one field wrong. */
export function validationError(field: string, message: string) {
  return { error: { code: 'VALIDATION_FAILED', message: `${field}: ${message}`, fields: { [field]: message } } };
}

/** What the hosting API suites share: an app on a fresh database, the cast, and ways to list and look up rooms. */
export type HostingSuite = Cast & {
  t: TestApp;
  /** A room listed through the API by `owner`. */
  listRoom(owner: TestUser, overrides?: Record<string, unknown>): Promise<Room>;
  /** The stored row of a room, removed or not; undefined once it is deleted for good. */
  roomRow(id: string): Promise<typeof rooms.$inferSelect | undefined>;
  /** The ids on the first page of browsing (up to 60), with `query` added to the address. */
  browse(query?: string): Promise<string[]>;
};

/** The hosting suite on a database of `kind`: opened before the suite's tests run, closed after them. */
export function useHostingSuite(kind: TestDatabaseKind): HostingSuite {
  return useSuite(() => openHostingSuite(kind), (s) => s.t.close());
}

/** Opens the app on a database of `kind` and signs the cast up. */
async function openHostingSuite(kind: TestDatabaseKind): Promise<HostingSuite> {
  const t = await createTestApp(kind);
  return {
    t,
    ...(await signUpCast(t)),
    listRoom: (owner, overrides = {}) => listRoom(t, owner, overrides),
    async roomRow(id) {
      const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, id));
      return row;
    },
    async browse(query = '') {
      const res = await t.call('GET', `/api/rooms?limit=60${query}`);
      return roomsPageSchema.parse(res.json()).items.map((r) => r._id);
    },
  };
}
