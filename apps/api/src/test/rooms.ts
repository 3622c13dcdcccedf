import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { addDays, roomSchema, storedImageUrl, todayIso, type Room } from '@staybook/domain';
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
    image: storedImageUrl(randomUUID()),
    ...overrides,
  };
}

/** A room listed through the API by `host`; fails the test unless it is created. */
export async function listRoom(t: TestApp, host: TestUser, overrides: Record<string, unknown> = {}): Promise<Room> {
  const res = await t.call('POST', '/api/room', { as: host, body: roomBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return roomSchema.parse(res.json());
}
