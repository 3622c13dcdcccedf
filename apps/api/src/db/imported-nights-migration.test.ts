import { readFile } from 'node:fs/promises';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '@staybook/domain';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../test/databases.js';
import { useSuite } from '../test/suites.js';
import { queryRows } from './client.js';
import { insertRoom, insertUser } from './factories.js';
import { calendarBlocks, calendarImports } from './schema.js';

/** Migration 0035's statements, as the migrator runs them. */
async function migration0035(): Promise<string[]> {
  const text = await readFile(new URL('./migrations/0035_the_imported_nights_in_range.sql', import.meta.url), 'utf8');
  return text.split('--> statement-breakpoint').map((statement) => statement.trim());
}

/**
 * Blocks an imported calendar stored before its nights were kept from today to three years ahead (an event from the
 * year 1 to 9999 made the room's availability answer 500) are brought into that range by migration 0035.
 */
describe.each(TEST_DATABASE_KINDS)('migration 0035 on %s', (kind) => {
  const t = useSuite(() => createTestDatabase(kind), (database) => database.cleanup());

  it("cuts stored blocks to the nights from yesterday to the import's horizon, and drops those outside it", async () => {
    const db = t.database.db;
    const [{ today }] = (await queryRows(db, sql`select current_date::text as today`)) as [{ today: IsoDate }];
    const host = await insertUser(db, { role: 'host' });
    const room = await insertRoom(db, { hostId: host.id });
    const [feed] = await db.insert(calendarImports).values({ roomId: room.id, url: 'https://elsewhere.example/cal.ics' }).returning();
    const block = (checkIn: IsoDate, checkOut: IsoDate) => ({ importId: feed!.id, roomId: room.id, checkIn, checkOut });
    const horizon = addDays(today, 1099);
    await db.insert(calendarBlocks).values([
      block('0001-01-01' as IsoDate, '9999-12-31' as IsoDate),
      block('0001-01-01' as IsoDate, addDays(today, -1)),
      block(addDays(today, 2000), '9999-12-31' as IsoDate),
      block(addDays(today, 10), addDays(today, 12)),
      block(addDays(today, -3), addDays(today, 2)),
    ]);

    for (const statement of await migration0035()) await db.execute(sql.raw(statement));

    const kept = await db.select({ checkIn: calendarBlocks.checkIn, checkOut: calendarBlocks.checkOut }).from(calendarBlocks).orderBy(asc(calendarBlocks.checkOut));
    expect(kept).toEqual([
      { checkIn: addDays(today, -1), checkOut: addDays(today, 2) },
      { checkIn: addDays(today, 10), checkOut: addDays(today, 12) },
      { checkIn: addDays(today, -1), checkOut: horizon },
    ]);
  });
});
