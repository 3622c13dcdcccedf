import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { addDays, roomSchema, storedImageUrl, todayIso, type Room } from '@staybook/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { uploads } from '../db/schema.js';
import type { TestApp, TestUser } from './test-app.js';

/** What the Add Room form sends: valid unless overridden, open from a week ahead for thirty nights. */
export function roomBody(overrides: Record<string, unknown> = {}) {
  const today = todayIso();
  return {
    title: 'Cabin by the lake',
    location: 'Hallstatt, Austria',
    category: 'Lake',
    from: addDays(today, 7),
    to: addDays(today, 37),
    price: '150.50',
    guests: 4,
    bedrooms: 2,
    bathrooms: 1,
    description: 'Wake up to the water.',
    // The spec's lone `image`, unless the test sends `photos`.
    ...('photos' in overrides ? {} : { image: storedImageUrl(randomUUID()) }),
    ...overrides,
  } as Record<string, unknown> & { image?: unknown; photos?: unknown; from: string; to: string };
}

/**
 * Writes down `urls` as uploaded by `user`, as `POST /api/uploads/image` does for a signed-in uploader (without
 * storing any file): a host may put on a room only their own uploads. Already written ones are left as they are.
 */
export async function recordUploads(t: TestApp, user: TestUser, urls: readonly unknown[]): Promise<void> {
  const own = urls.filter((url): url is string => typeof url === 'string' && url !== '');
  if (own.length > 0) await t.database.db.insert(uploads).values(own.map((url) => ({ url, ownerId: user.id }))).onConflictDoNothing();
}

/** `roomBody`, its photos recorded as uploaded by `host`: what the form sends after the host's own uploads. */
export async function ownRoomBody(t: TestApp, host: TestUser, overrides: Record<string, unknown> = {}) {
  const body = roomBody(overrides);
  await recordUploads(t, host, [body.image, ...(Array.isArray(body.photos) ? (body.photos as unknown[]) : [])]);
  return body;
}

/** A room listed through the API by `host`, from its own uploads; fails the test unless it is created. */
export async function listRoom(t: TestApp, host: TestUser, overrides: Record<string, unknown> = {}): Promise<Room> {
  const res = await t.call('POST', '/api/room', { as: host, body: await ownRoomBody(t, host, overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return roomSchema.parse(res.json());
}

/**
 * Removes every room with its stays and payments, for a suite whose tests each see only their own rooms. The ledger
 * is append-only, so its rows go by truncation; the rest are deleted, so their triggers keep the statistics in step.
 */
export async function removeEveryRoom(db: Db): Promise<void> {
  await db.execute(sql`truncate ledger_entries, ledger_journals`);
  for (const table of ['bookings', 'payments', 'rooms']) await db.execute(sql.raw(`delete from ${table}`));
}
