import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import type { Db, DatabaseTarget } from './client.js';

/**
 * The bench's data (`npm run bench`, scripts/bench.ts), written set-based into a database of its own: many rooms
 * for the browsing paths, many bookings for the statistics. Never the demo seed, and never run by the server.
 */
export const BENCH_PASSWORD = 'bench password 123';
const ROOMS = 500;
const HOSTS = 50;
const GUESTS = 2_000;

/** Who the bench signs in as: the admin, the host of the first ten rooms, and a guest with ~50 stays. */
export const BENCH_ACCOUNTS = {
  admin: 'bench-admin@bench.example',
  host: 'bench-host-1@bench.example',
  guest: 'bench-guest-1@bench.example',
} as const;

/**
 * Fills an empty, migrated database with a marketplace of `bookings` stays: 50 hosts with 10 rooms each,
 * 2,000 guests, stays of 1 to 5 nights a week apart in every room from three and a half years ago to three
 * months ahead, booked up to a month before, one in thirteen cancelled and refunded. Set-based, so 100,000 take seconds.
 */
export async function seedStatisticsBench(db: Db, bookings: number): Promise<void> {
  const hash = await hashPassword(BENCH_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, name, email, email_verified, role, status, created_at)
      select 'bench-guest-' || g, 'Bench guest ' || g, 'bench-guest-' || g || '@bench.example', true, 'guest'::user_role, 'Verified'::user_status, now() - interval '5 years'
      from generate_series(1, ${GUESTS}) g
      union all
      select 'bench-host-' || h, 'Bench host ' || h, 'bench-host-' || h || '@bench.example', true, 'host'::user_role, 'Verified'::user_status, now() - interval '5 years'
      from generate_series(1, ${HOSTS}) h
      union all
      select 'bench-admin', 'Bench admin', ${BENCH_ACCOUNTS.admin}, true, 'admin'::user_role, 'Verified'::user_status, now() - interval '5 years'`);
    await tx.execute(sql`
      insert into accounts (id, user_id, provider_id, account_id, password)
      select gen_random_uuid()::text, id, 'credential', id, ${hash} from users where id in ('bench-admin', 'bench-host-1', 'bench-guest-1')`);
    await tx.execute(sql`
      insert into rooms (host_id, title, location, category, available_from, available_to, price_cents, guests, bedrooms, bathrooms, description, image, created_at)
      select 'bench-host-' || (1 + r / 10), 'Bench room ' || r, 'Benchville', 'Modern'::room_category, current_date - 1500, current_date + 400,
             5000 + (r * 3701) % 50000, 2, 1, 1, 'A room for the bench.', '/uploads/placeholder.webp', now() - interval '5 years'
      from generate_series(0, ${ROOMS - 1}) r`);
    await tx.execute(sql`
      with stays as (
        select i, rooms.id as room_id, rooms.price_cents, current_date - 1300 + (i / ${ROOMS}) * 7 as check_in, 1 + (i / ${ROOMS}) % 5 as nights
        from generate_series(0, ${bookings - 1}) i
        join rooms on rooms.title = 'Bench room ' || (i % ${ROOMS})
      )
      insert into payments (id, provider, provider_payment_id, guest_id, room_id, check_in, check_out, nightly_price_cents, amount_cents,
                            status, refunded_cents, card_brand, card_last4, created_at, updated_at)
      select md5('pay' || i)::uuid, 'test', 'pi_bench_' || i, 'bench-guest-' || (1 + i % ${GUESTS}), room_id, check_in, check_in + nights,
             price_cents, price_cents * nights,
             (case when i % 13 = 0 then 'refunded' else 'succeeded' end)::payment_status,
             case when i % 13 = 0 then price_cents * nights else 0 end, 'visa', '4242',
             least(((check_in - 1 - i % 30)::timestamp + make_interval(secs => i % 86400)) at time zone 'UTC', now() - make_interval(secs => i % 86400)),
             least(((check_in - 1 - i % 30)::timestamp + make_interval(secs => i % 86400)) at time zone 'UTC', now() - make_interval(secs => i % 86400))
      from stays`);
    await tx.execute(sql`
      insert into bookings (id, room_id, guest_id, payment_id, check_in, check_out, room_title, room_location, room_image,
                            nightly_price_cents, total_cents, status, created_at, cancelled_at)
      select md5('book' || p.id)::uuid, p.room_id, p.guest_id, p.id, p.check_in, p.check_out, 'Bench room', 'Benchville', '/uploads/placeholder.webp',
             p.nightly_price_cents, p.amount_cents,
             (case when p.status = 'refunded' then 'cancelled' else 'confirmed' end)::booking_status,
             p.created_at, case when p.status = 'refunded' then p.created_at end
      from payments p where p.provider_payment_id like 'pi_bench_%'`);
  });
  // As autovacuum would after a bulk load: statistics for the planner, and the visibility map index-only scans need.
  await db.execute(sql`vacuum analyze`);
}

/**
 * Rooms for the browsing bench, instead of the demo seed: 1,000 hosts and `count` rooms across the categories,
 * newest first by a minute each; a tenth of the rooms have a confirmed stay (with its payment), every hundredth
 * one covering its whole window, so `booked` is true there.
 */
export async function seedRoomsBench(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into users (id, name, email, email_verified, role, image)
    select 'bench-host-' || g, 'Host ' || g, 'bench-host-' || g || '@example.com', true, 'host', '/uploads/' || md5('h' || g)::uuid || '.webp'
    from generate_series(1, 1000) g`);
  await db.execute(sql`
    insert into users (id, name, email, email_verified, role) values ('bench-guest', 'Bench guest', 'bench-guest@example.com', true, 'guest')`);
  await db.execute(sql`
    insert into rooms (host_id, title, location, category, available_from, available_to, price_cents, guests, bedrooms, bathrooms, description, image, created_at)
    select 'bench-host-' || (1 + g % 1000), 'Bench room ' || g, 'Town ' || (g % 5000) || ', Country',
      (enum_range(null::room_category))[1 + g % 15], current_date + (g % 30), current_date + (g % 30) + 30 + (g % 200),
      5000 + (g * 37) % 95000, 1 + g % 8, 1 + g % 5, 1 + g % 3,
      'A bench room with a description of an ordinary length, to weigh what a real one weighs in the answer.',
      '/uploads/' || md5('i' || g)::uuid || '.webp', now() - make_interval(mins => g)
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into payments (provider, provider_payment_id, guest_id, room_id, check_in, check_out, nightly_price_cents, amount_cents, status)
    select 'bench', 'bench_' || n, 'bench-guest', id, available_from, stay_end, price_cents, price_cents * (stay_end - available_from), 'succeeded'
    from (
      select r.*, case when n % 100 = 0 then r.available_to else r.available_from + 3 end as stay_end
      from (select *, row_number() over (order by created_at desc) as n from rooms) r
      where n % 10 = 0
    ) picked`);
  await db.execute(sql`
    insert into bookings (room_id, guest_id, payment_id, check_in, check_out, room_title, room_location, room_image, nightly_price_cents, total_cents)
    select p.room_id, p.guest_id, p.id, p.check_in, p.check_out, r.title, r.location, r.image, p.nightly_price_cents, p.amount_cents
    from payments p join rooms r on r.id = p.room_id where p.provider = 'bench'`);
  await db.execute(sql`analyze`);
}

/** A database of its own for the run: a fresh one on DATABASE_URL's server, else an embedded one in a temporary directory. */
export async function createBenchDatabase(): Promise<{ target: DatabaseTarget; env: Record<string, string>; cleanup(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'staybook-bench-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return { target: { kind: 'pglite', dataDir }, env: { DATA_DIR: dataDir, DATABASE_URL: '' }, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `staybook_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async cleanup() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

