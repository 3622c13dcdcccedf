import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, todayIso } from '@staybook/domain';
import { insertBooking, insertRoom, insertUser } from '../../db/factories.js';
import { PG_ERRORS, sqlState } from '../../errors.js';
import { createTestDatabase, type TestDatabase } from '../../test/databases.js';
import { describeNeeding, SERVER_DATABASE } from '../../test/needs.js';

/*
 * Every booking, cancellation and refund adds itself to rows many others share (the admin's current quarter hour,
 * day, week, month and total; each night's stays), inserting the rows that do not exist yet. Two statements that
 * took such rows in different orders would wait for each other until PostgreSQL broke the deadlock a second later:
 * bookings in rooms that have nothing to do with each other, stalled. The rows are taken in key order, so it
 * cannot happen. Only a server database runs statements side by side.
 */
describeNeeding(SERVER_DATABASE, 'statistics rollups under concurrent bookings on postgres', {}, () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
  });
  afterAll(() => test?.cleanup());

  it('books side by side in unrelated rooms without a deadlock', async () => {
    const { db } = test.database;
    const hosts = await Promise.all(Array.from({ length: 3 }, () => insertUser(db, { role: 'host' })));
    const workers = 16;
    const start = addDays(todayIso(), 20);
    const rooms = await Promise.all(
      Array.from({ length: workers }, (_, i) => insertRoom(db, { hostId: hosts[i % hosts.length]!.id, availableFrom: start, availableTo: addDays(start, 400) })),
    );
    const guests = await Promise.all(Array.from({ length: workers }, () => insertUser(db)));
    const deadlocks: string[] = [];
    // Each worker books its own room night after night: every booking brings new night rows, shared with the
    // other workers' bookings of the same night, beside the sales rows all of them share.
    await Promise.all(
      rooms.map(async (room, w) => {
        let checkIn = start;
        for (let n = 0; n < 80; n += 1) {
          const checkOut = addDays(checkIn, 4);
          try {
            // As the booking's own transaction does, it commits a moment after its insert.
            await db.transaction(async (tx) => {
              await insertBooking(tx, { room, guestId: guests[(w + n) % workers]!.id, checkIn, checkOut });
              await setTimeout(2);
            });
          } catch (err) {
            if (sqlState(err) !== PG_ERRORS.deadlockDetected) throw err;
            deadlocks.push(`night ${checkIn} of room ${w}`);
          }
          checkIn = checkOut;
        }
      }),
    );
    expect(deadlocks).toEqual([]);
  });
});
