import { randomUUID } from 'node:crypto';
import { addDays, normalizeEmail, todayIso, type CategoryLabel, type Role } from '@staybook/domain';
import type { Db } from './client.js';
import { rooms, users } from './schema.js';

/**
 * The one way tests and the demo seed create rows, so both exercise the same shapes.
 * Every field has a plausible default; callers pass only what their case is about.
 */
export type NewUser = typeof users.$inferInsert;
export type NewRoom = typeof rooms.$inferInsert;

export async function insertUser(
  db: Db,
  overrides: Partial<NewUser> & { role?: Role } = {},
): Promise<typeof users.$inferSelect> {
  const id = overrides.id ?? randomUUID();
  const email = normalizeEmail(overrides.email ?? `user-${id.slice(0, 8)}@example.com`);
  const [user] = await db
    .insert(users)
    .values({ name: 'Sam Example', emailVerified: true, ...overrides, id, email })
    .returning();
  return user!;
}

export async function insertRoom(
  db: Db,
  overrides: Partial<NewRoom> & { hostId: string },
): Promise<typeof rooms.$inferSelect> {
  const from = overrides.availableFrom ?? addDays(todayIso(), 14);
  const [room] = await db
    .insert(rooms)
    .values({
      title: 'A quiet place to stay',
      location: 'Lisbon, Portugal',
      category: 'Modern' satisfies CategoryLabel,
      availableTo: addDays(from, 5),
      priceCents: 12_000,
      guests: 2,
      bedrooms: 1,
      bathrooms: 1,
      description: 'Bright rooms, a calm street and everything you need for a short stay.',
      image: '/uploads/placeholder.webp',
      ...overrides,
      availableFrom: from,
    })
    .returning();
  return room!;
}
