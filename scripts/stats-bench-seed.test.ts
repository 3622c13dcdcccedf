import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStatisticsBench } from './bench-seed.js';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../apps/api/src/test/databases.js';

/*
 * The statistics bench loads its bookings in bulk with their triggers off and writes the rollups afterwards
 * (rebuildStatsRollups). Here the rollups it wrote are compared row for row with what the bookings' trigger
 * function, stats_apply, writes for the same bookings (the migration's own first fill), and the tables are left
 * as a migrated database has them: triggers on, every index, every foreign key holding.
 */

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe.each(TEST_DATABASE_KINDS)('the statistics bench seed on %s', (kind) => {
  let t: TestDatabase;
  let indexesBefore: Record<string, unknown>[];
  const db = () => t.database.db;

  const rollups = async () => ({
    sales: rowsOf(await db().execute(sql`select * from stats_sales order by scope, scope_id, level, bucket, shard`)),
    nights: rowsOf(await db().execute(sql`select * from stats_nights order by scope, scope_id, night, shard`)),
  });
  const indexes = async () =>
    rowsOf(
      await db().execute(sql`select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition from pg_index
                             where indrelid in ('bookings'::regclass, 'payments'::regclass) order by 1`),
    );

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    indexesBefore = await indexes();
    // Thirteen weeks of stays in every room, one in thirteen cancelled and refunded.
    await seedStatisticsBench(db(), 6_500);
  });
  afterAll(() => t.cleanup());

  it('writes the rollups the bookings trigger writes for the same bookings', async () => {
    const seeded = await rollups();
    expect(seeded.sales.length).toBeGreaterThan(6_500);
    expect(seeded.nights.length).toBeGreaterThan(6_500);
    await db().transaction(async (tx) => {
      await tx.execute(sql`truncate stats_sales, stats_nights`);
      await tx.execute(sql`
        select stats_apply('{}', array(select row(b.id, b.room_id, b.guest_id, b.created_at, b.check_in, b.check_out, b.kept_cents, b.status = 'confirmed')::stats_change
                                       from bookings b))`);
    });
    const fromTrigger = await rollups();
    expect(seeded.sales).toEqual(fromTrigger.sales);
    expect(seeded.nights).toEqual(fromTrigger.nights);
  });

  it('leaves the triggers on, every index built and every foreign key holding', async () => {
    const triggers = rowsOf(await db().execute(sql`select tgname, tgenabled from pg_trigger where tgrelid = 'bookings'::regclass and tgname like 'bookings_stats_%' order by 1`));
    expect(triggers).toEqual(['bookings_stats_delete', 'bookings_stats_insert', 'bookings_stats_update'].map((tgname) => ({ tgname, tgenabled: 'O' })));
    expect(await indexes()).toEqual(indexesBefore);
    const [dangling] = rowsOf(
      await db().execute(sql`
        select (select count(*) from bookings b where not exists (select 1 from payments p where p.id = b.payment_id)
                  or not exists (select 1 from rooms r where r.id = b.room_id) or not exists (select 1 from users u where u.id = b.guest_id))::int as bookings,
               (select count(*) from payments p where not exists (select 1 from rooms r where r.id = p.room_id)
                  or not exists (select 1 from users u where u.id = p.guest_id))::int as payments`),
    );
    expect(dangling).toEqual({ bookings: 0, payments: 0 });
  });
});
