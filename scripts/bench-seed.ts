import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { hashPassword } from '../apps/api/src/modules/auth/password-hash.js';
import pg from 'pg';
import { BENCH_PLACES } from './bench-places.js';
import { AMENITY_KEYS } from '@staybook/domain';
import { findPlace } from '../apps/api/src/modules/places/gazetteer.js';
import { withTransaction, type Db, type DatabaseTarget } from '../apps/api/src/db/client.js';

/**
 * The bench's data (`npm run bench`, scripts/bench.ts), written set-based into a database of its own: many rooms
 * for the browsing paths, many bookings for the statistics. Never the demo seed, and never run by the server.
 */
export const BENCH_PASSWORD = 'bench password 123';
const HOSTS = 50;
const GUESTS = 2_000;
/** Each room has a stay a week: 500 rooms for 100,000 stays, more for more, so every stay lies in the same years. */
const STAYS_PER_ROOM = 200;
const MIN_ROOMS = 500;

/** Who the bench signs in as: the admin, the host of the first rooms, and a guest with ~50 stays (per 100,000). */
export const BENCH_ACCOUNTS = {
  admin: 'bench-admin@bench.example',
  host: 'bench-host-1@bench.example',
  guest: 'bench-guest-1@bench.example',
} as const;

/**
 * Fills an empty, migrated database with a marketplace of `bookings` stays: 50 hosts with 10 rooms each (a room
 * more each per 200 stays past 100,000), 2,000 guests, stays of 1 to 5 nights a week apart in every room from three
 * and a half years ago to three months ahead, booked up to a month before, one in thirteen cancelled and refunded.
 * Set-based and in bulk: the payments and bookings go in without their triggers (the statistics trigger, and the
 * foreign keys' checks: the rows point at what was just written) and without their plain indexes (built again once
 * the rows are in), and the rollups are then written from the bookings in one pass (`rebuildStatsRollups`). Answers
 * how long each step took, in ms.
 */
export async function seedStatisticsBench(db: Db, bookings: number): Promise<Record<string, number>> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const rooms = Math.max(MIN_ROOMS, Math.ceil(bookings / STAYS_PER_ROOM));
  const { steps, step } = stepTimer();
  await withTransaction(db, async (tx) => {
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
      insert into rooms (host_id, title, location, category, available_from, available_to, price_cents, guests, bedrooms, bathrooms, description, image, photos, created_at)
      select 'bench-host-' || (1 + r * ${HOSTS} / ${rooms}), 'Bench room ' || r, 'Benchville', 'Modern'::room_category, current_date - 1500, current_date + 400,
             5000 + (r * 3701) % 50000, 2, 1, 1, 'A room for the bench.', '/uploads/placeholder.webp', array['/uploads/placeholder.webp'], now() - interval '5 years'
      from generate_series(0, ${rooms - 1}) r`);
    step('users and rooms');
    // Replica mode fires no ordinary trigger: neither the statistics one nor the foreign keys' checks.
    await tx.execute(sql`set local session_replication_role = replica`);
    await withIndexesBuiltAfter(tx, ['payments', 'bookings'], async () => {
      await tx.execute(sql`
        with stays as (
          select i, rooms.id as room_id, rooms.price_cents, current_date - 1300 + (i / ${rooms}) * 7 as check_in, 1 + (i / ${rooms}) % 5 as nights
          from generate_series(0, ${bookings - 1}) i
          join rooms on rooms.title = 'Bench room ' || (i % ${rooms})
        )
        insert into payments (id, provider, provider_payment_id, guest_id, room_id, check_in, check_out, nightly_price_cents, amount_cents,
                              price_lines, status, refunded_cents, card_brand, card_last4, created_at, updated_at)
        select md5('pay' || i)::uuid, 'test', 'pi_bench_' || i, 'bench-guest-' || (1 + i % ${GUESTS}), room_id, check_in, check_in + nights,
               price_cents, price_cents * nights, ${nightsLines(sql`price_cents`, sql`check_in`, sql`check_in + nights`)},
               (case when i % 13 = 0 then 'refunded' else 'succeeded' end)::payment_status,
               case when i % 13 = 0 then price_cents * nights else 0 end, 'visa', '4242',
               least(((check_in - 1 - i % 30)::timestamp + make_interval(secs => i % 86400)) at time zone 'UTC', now() - make_interval(secs => i % 86400)),
               least(((check_in - 1 - i % 30)::timestamp + make_interval(secs => i % 86400)) at time zone 'UTC', now() - make_interval(secs => i % 86400))
        from stays`);
      step('payments');
      await tx.execute(sql`
        insert into bookings (id, room_id, guest_id, payment_id, check_in, check_out, room_title, room_location, room_image,
                              nightly_price_cents, total_cents, price_lines, kept_cents, reference, status, created_at, cancelled_at)
        select md5('book' || p.id)::uuid, p.room_id, p.guest_id, p.id, p.check_in, p.check_out, 'Bench room', 'Benchville', '/uploads/placeholder.webp',
               p.nightly_price_cents, p.amount_cents, p.price_lines, p.amount_cents - p.refunded_cents, ${benchReference(sql`substr(p.provider_payment_id, 10)::bigint`)},
               (case when p.status = 'refunded' then 'cancelled' else 'confirmed' end)::booking_status,
               p.created_at, case when p.status = 'refunded' then p.created_at end
        from payments p where p.provider_payment_id like 'pi_bench_%'`);
      step('bookings');
    });
    await tx.execute(sql`set local session_replication_role = origin`);
    step('indexes');
    await rebuildStatsRollups(tx);
    step('rollups');
  });
  // As autovacuum would after a bulk load: statistics for the planner, and the visibility map index-only scans need.
  await db.execute(sql`vacuum analyze`);
  step('vacuum analyze');
  return steps;
}

/** How long each step of a seed took, in ms: `step(name)` closes the step that ran since the last one. */
function stepTimer(): { steps: Record<string, number>; step(name: string): void } {
  const steps: Record<string, number> = {};
  let t = performance.now();
  return {
    steps,
    step(name) {
      const now = performance.now();
      steps[name] = now - t;
      t = now;
    },
  };
}

type Executor = Pick<Db, 'execute'>;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Runs a bulk load into `tables` without their plain indexes (those no constraint stands on): they are dropped
 * first and built again afterwards, each from one sort rather than a million single inserts. In a transaction, so
 * nobody sees the tables without them.
 */
async function withIndexesBuiltAfter(tx: Executor, tables: string[], load: () => Promise<void>): Promise<void> {
  const indexes: { name: string; definition: string }[] = [];
  for (const table of tables) {
    const rows = rowsOf(
      await tx.execute(sql`
        select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
        where i.indrelid = ${table}::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
        order by 1`),
    );
    indexes.push(...rows.map((r) => ({ name: r.name as string, definition: r.definition as string })));
  }
  for (const { name } of indexes) await tx.execute(sql.raw(`drop index ${name}`));
  await load();
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const { definition } of indexes) await tx.execute(sql.raw(definition));
}

/**
 * Writes the statistics rollups (migration 0013) again from the bookings as they stand: what the trigger's
 * `stats_apply('{}', every booking)` writes, with the same grouping (per scope and shard, the sales of each quarter
 * hour, UTC day, week and month and all time, and each confirmed night), as one INSERT … SELECT per scope and table instead of
 * through an array of every booking. Each person's bookings are sorted once and their periods within them, so rows
 * reach the tables in their keys' order. For a bulk load made with the bookings' statistics trigger off; in a
 * transaction (it changes planner settings for it). `stats-bench-seed.test.ts` checks that it writes what the
 * function does.
 */
export async function rebuildStatsRollups(tx: Executor): Promise<void> {
  await tx.execute(sql`truncate stats_sales, stats_nights`);
  await tx.execute(sql`set local work_mem = '256MB'`);
  const scopes = [
    { scope: 'all', id: sql`''`, grouped: true },
    { scope: 'guest', id: sql`b.guest_id`, grouped: false },
    { scope: 'host', id: sql`r.host_id`, grouped: false },
  ];
  for (const { scope, id, grouped } of scopes) {
    // Everyone's figures gather into few rows: grouped by hashing. A host's or guest's are as many as their
    // bookings: grouped in order, person by person.
    await tx.execute(sql.raw(`set local enable_hashagg = ${grouped ? 'on' : 'off'}`));
    const bookingsOf = (columns: SQL, where: SQL) => sql`
      select ${id} as scope_id, (hashtext(b.id::text) & 3) as shard, ${columns}
      from bookings b join rooms r on r.id = b.room_id
      where ${where}
      order by 1`;
    await tx.execute(sql`
      insert into stats_sales (scope, scope_id, level, bucket, shard, sales_cents, bookings)
      select ${scope}, scope_id, l.level, l.bucket, shard, sum(d_sales), sum(d_bookings)
      from (${bookingsOf(
        sql`b.created_at, b.kept_cents as d_sales, (b.status = 'confirmed' and b.kept_cents > 0)::int as d_bookings`,
        sql`b.kept_cents <> 0 or (b.status = 'confirmed' and b.kept_cents > 0)`,
      )}) c
      cross join lateral (values
        ('total', 'epoch'::timestamptz),
        ('month', date_trunc('month', created_at, 'UTC')),
        ('week', date_trunc('week', created_at, 'UTC')),
        ('day', date_trunc('day', created_at, 'UTC')),
        ('quarter', date_bin('15 minutes', created_at, 'epoch'::timestamptz))) l(level, bucket)
      group by scope_id, l.level, l.bucket, shard
      having sum(d_sales) <> 0 or sum(d_bookings) <> 0`);
    await tx.execute(sql`
      insert into stats_nights (scope, scope_id, night, shard, stays)
      select ${scope}, scope_id, n::date, shard, sum(d_stays)
      from (${bookingsOf(sql`b.check_in, b.check_out, (b.status = 'confirmed')::int as d_stays`, sql`b.status = 'confirmed'`)}) c
      cross join generate_series(check_in, check_out - 1, interval '1 day') n
      group by scope_id, n::date, shard
      having sum(d_stays) <> 0`);
  }
  await tx.execute(sql`set local enable_hashagg = on`);
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
    insert into rooms (host_id, title, location, category, available_from, available_to, price_cents, guests, bedrooms, bathrooms, description, image, photos, created_at)
    select 'bench-host-' || (1 + g % 1000), 'Bench room ' || g, 'Town ' || (g % 5000) || ', Country',
      (enum_range(null::room_category))[1 + g % 15], current_date + (g % 30), current_date + (g % 30) + 30 + (g % 200),
      5000 + (g * 37) % 95000, 1 + g % 8, 1 + g % 5, 1 + g % 3,
      'A bench room with a description of an ordinary length, to weigh what a real one weighs in the answer.',
      '/uploads/' || md5('i' || g)::uuid || '.webp', array['/uploads/' || md5('i' || g)::uuid || '.webp'], now() - make_interval(mins => g)
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into payments (provider, provider_payment_id, guest_id, room_id, check_in, check_out, nightly_price_cents, amount_cents, price_lines, status)
    select 'bench', 'bench_' || n, 'bench-guest', id, available_from, stay_end, price_cents, price_cents * (stay_end - available_from),
           ${nightsLines(sql`price_cents`, sql`available_from`, sql`stay_end`)}, 'succeeded'
    from (
      select r.*, case when n % 100 = 0 then r.available_to else r.available_from + 3 end as stay_end
      from (select *, row_number() over (order by created_at desc) as n from rooms) r
      where n % 10 = 0
    ) picked`);
  await db.execute(sql`
    insert into bookings (room_id, guest_id, payment_id, check_in, check_out, room_title, room_location, room_image, nightly_price_cents, total_cents,
                          price_lines, kept_cents, reference)
    select p.room_id, p.guest_id, p.id, p.check_in, p.check_out, r.title, r.location, r.image, p.nightly_price_cents, p.amount_cents,
           p.price_lines, p.amount_cents, ${benchReference(sql`1000000000 + substr(p.provider_payment_id, 7)::bigint`)}
    from payments p join rooms r on r.id = p.room_id where p.provider = 'bench'`);
  await db.execute(sql`analyze`);
}

/** A plain stay's one line item (its nights at one price), as the quote writes it (packages/domain/src/quote.ts). */
function nightsLines(unitCents: SQL, checkIn: SQL, checkOut: SQL): SQL {
  return sql`jsonb_build_array(jsonb_build_object('kind', 'nights', 'amountCents', ${unitCents} * (${checkOut} - ${checkIn}), 'credit', false,
    'nights', ${checkOut} - ${checkIn}, 'unitCents', ${unitCents}, 'weekend', false))`;
}

/**
 * A booking reference made from a seeded row's number: unique below 2^32, so a bulk seed never collides (each seeder
 * numbers from its own billion).
 */
const benchReference = (n: SQL) =>
  sql`'SB-' || upper(lpad(to_hex((${n}) / 65536), 4, '0')) || '-' || upper(lpad(to_hex((${n}) % 65536), 4, '0'))`;

/** Whether the search bench's room `row` carries stay rules, fees and calendar runs: one in ten. */
const RULED = (row: string) => sql`(${uniform(row, 30)} < 0.1)`;

/** One uniform number in [0, 1) per (row, purpose): a hash, so every run seeds the same marketplace. */
const uniform = (row: string, purpose: number) => sql.raw(`((hashint8extended((${row})::bigint, ${purpose}) & 2147483647)::float8 / 2147483648)`);

const TITLE_ADJECTIVES = ['Sunny', 'Cozy', 'Quiet', 'Charming', 'Bright', 'Spacious', 'Rustic', 'Elegant', 'Modern', 'Historic', 'Secluded',
  'Stylish', 'Peaceful', 'Airy', 'Tiny', 'Grand', 'Hidden', 'Renovated', 'Romantic', 'Family-friendly'];
const TITLE_KINDS = ['apartment', 'loft', 'cottage', 'villa', 'cabin', 'studio', 'townhouse', 'chalet', 'farmhouse', 'bungalow', 'guesthouse',
  'penthouse', 'treehouse', 'houseboat', 'castle tower', 'yurt', 'barn conversion', 'beach house', 'flat', 'suite'];
const TITLE_FEATURES = ['with a view', 'near the old town', 'by the sea', 'with a garden', 'with a terrace', 'by the lake', 'in the hills',
  'with a pool', 'close to the station', 'under the stars', 'with a fireplace', 'steps from the beach', 'in the city centre',
  'on a quiet street', 'with a balcony', 'near the ski lifts', 'in the vineyards', 'with a sauna', 'by the river', 'with a rooftop'];
/** `(array[…])[1 + floor(u * n)]` for a list of words. */
const pick = (words: readonly string[], u: ReturnType<typeof uniform>) =>
  sql`(${sql.raw(`array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', ')}]`)})[1 + floor(${u} * ${sql.raw(String(words.length))})::int]`;

export const SEARCH_BENCH_HOSTS = 2_000;
export const SEARCH_BENCH_GUESTS = 20_000;

/**
 * The search bench's marketplace (`npm run bench`'s search section), written set-based (`insert … select
 * generate_series`): `roomCount` live rooms (and a hundredth as many removed ones) in the 224 real places of
 * bench-places.ts, the most visited places holding the most rooms; titles of words, every category, $30–900
 * a night (most under $200, more with more bedrooms), 1–8 bedrooms, 1–16 guests, the place's time zone, an
 * availability window opening between 60 days ago and 30 days ahead and lasting 6 to 24 months. Then
 * `bookings` confirmed stays (each with its succeeded payment), spread evenly over the rooms (about ten a room
 * for 100,000 rooms and 1,000,000 stays): each room's window is cut into as many slots as it has stays, and
 * each stay (1–14 nights, mostly short) lies inside its slot, so no two overlap (bookings_no_overlap) and a
 * week's search a few weeks ahead finds about a quarter of the rooms taken. Deterministic: rows are hashes of
 * their number. Answers how long each step took, in ms.
 */
export async function seedSearchBench(db: Db, roomCount: number, bookings: number): Promise<Record<string, number>> {
  const perRoom = Math.ceil(bookings / roomCount);
  // The shortest window is 180 days: each stay needs a slot of a few days at least.
  if (perRoom > 45) throw new Error(`--search-bookings: at most 45 stays a room (${bookings} for ${roomCount} rooms is ${perRoom})`);
  const removed = Math.floor(roomCount / 100);
  const { steps, step } = stepTimer();
  await withTransaction(db, async (tx) => {
    await tx.execute(sql`
      insert into users (id, name, email, email_verified, role, image, created_at)
      select 'bench-host-' || h, 'Host ' || h, 'bench-host-' || h || '@example.com', true, 'host'::user_role, '/uploads/' || md5('h' || h)::uuid || '.webp',
             now() - interval '3 years'
      from generate_series(1, ${SEARCH_BENCH_HOSTS}) h
      union all
      select 'bench-guest-' || g, 'Guest ' || g, 'bench-guest-' || g || '@example.com', true, 'guest'::user_role, null, now() - interval '3 years'
      from generate_series(1, ${SEARCH_BENCH_GUESTS}) g`);
    // The places, each repeated by its weight (about 12 / rank^0.6): a room draws one of these rows. Each place
    // where the gazetteer puts it, as a listing's own location would be placed (decision 051).
    const placed = await Promise.all(
      BENCH_PLACES.map(async ([location, timeZone]) => {
        // A place the gazetteer does not know (an island, 'Bali') leaves its homes without a pin, as it would a host's.
        const place = await findPlace(location);
        return [location, timeZone, place?.latitude ?? null, place?.longitude ?? null];
      }),
    );
    await tx.execute(sql`
      create temporary table bench_place_draw on commit drop as
      select (row_number() over (order by p.rank, w) - 1)::int as draw, p.location, p.time_zone, p.latitude, p.longitude
      from (select rank, value->>0 as location, value->>1 as time_zone, (value->>2)::float8 as latitude, (value->>3)::float8 as longitude
            from jsonb_array_elements(${JSON.stringify(placed)}::jsonb) with ordinality as e(value, rank)) p,
           generate_series(1, greatest(1, round(12 / power(p.rank, 0.6)))::int) w`);
    step('users and places');
    const g = 'g';
    await tx.execute(sql`
      with drawn as (
        select g, 1 + floor(power(${uniform(g, 1)}, 2.5) * 8)::int as bedrooms,
               floor(${uniform(g, 2)} * (select count(*) from bench_place_draw))::int as draw,
               current_date - 60 + floor(${uniform(g, 3)} * 91)::int as available_from
        from generate_series(0, ${roomCount + removed - 1}) g
      )
      insert into rooms (id, host_id, title, location, category, available_from, available_to, price_cents, guests, bedrooms, bathrooms,
                         description, image, photos, time_zone, created_at, updated_at, deleted_at,
                         weekend_price_cents, min_nights, check_in_days, preparation_nights, cleaning_fee_cents, weekly_discount_pct, tax_rate_bp,
                         latitude, longitude, area_latitude, area_longitude, amenities)
      select md5('bench-room-' || g)::uuid, 'bench-host-' || (1 + floor(${uniform(g, 4)} * ${SEARCH_BENCH_HOSTS})::int),
             ${pick(TITLE_ADJECTIVES, uniform(g, 5))} || ' ' || ${pick(TITLE_KINDS, uniform(g, 6))} || ' ' || ${pick(TITLE_FEATURES, uniform(g, 7))},
             p.location,
             (enum_range(null::room_category))[1 + floor(${uniform(g, 8)} * array_length(enum_range(null::room_category), 1))::int],
             available_from, available_from + 180 + floor(${uniform(g, 9)} * 551)::int,
             100 * least(900, 30 + floor(power(${uniform(g, 10)}, 3) * 550)::int + (bedrooms - 1) * 30),
             least(16, bedrooms + floor(${uniform(g, 11)} * (bedrooms + 2))::int), bedrooms, 1 + floor(${uniform(g, 12)} * ceil(bedrooms / 2.0))::int,
             'A place to stay with ' || bedrooms || ' bedroom' || case when bedrooms > 1 then 's' else '' end
               || ', of an ordinary length, to weigh what a real description weighs in the answer.',
             '/uploads/' || md5('i' || g)::uuid || '.webp', array['/uploads/' || md5('i' || g)::uuid || '.webp'], p.time_zone,
             now() - make_interval(secs => g * 600 + floor(${uniform(g, 13)} * 600)::int),
             now() - make_interval(secs => g * 600),
             case when g >= ${roomCount} then now() - make_interval(secs => g) end,
             -- A tenth of the rooms carry stay rules and fees (and calendar runs below), as issue 31's bench asks.
             case when ${RULED(g)} then 100 * (40 + floor(${uniform(g, 31)} * 500)::int) end,
             case when ${RULED(g)} then 1 + floor(${uniform(g, 32)} * 3)::int else 1 end,
             case when ${RULED(g)} and ${uniform(g, 33)} < 0.3 then 64 else 127 end,
             case when ${RULED(g)} then floor(${uniform(g, 34)} * 3)::int else 0 end,
             case when ${RULED(g)} then 100 * (20 + floor(${uniform(g, 35)} * 80)::int) else 0 end,
             case when ${RULED(g)} then 10 else 0 end,
             case when ${RULED(g)} then 700 else 0 end,
             pin_latitude, pin_longitude, area_latitude, area_longitude,
             -- Each amenity in about a third of the rooms, a few (wifi, kitchen) in most, in the list's order.
             array(select key from unnest(${sql.raw(`array[${AMENITY_KEYS.map((key) => `'${key}'`).join(', ')}]`)}::text[]) with ordinality as a(key, n)
                   where hashint8extended(g::bigint, 100 + n) & 1023 < case when n <= 2 then 900 else 340 end order by n)
      from drawn join bench_place_draw p using (draw)
      -- The pin: within about 25 km of the place's centre, as a city's homes spread into its suburbs.
      -- The public circle's centre, a few hundred metres from the pin (decision 051 draws it within 400 m).
      cross join lateral (select case when p.latitude is not null then p.latitude + (${uniform(g, 40)} - 0.5) * 0.45 end as pin_latitude,
                                 case when p.latitude is not null then ((p.longitude + (${uniform(g, 41)} - 0.5) * 0.45 / cos(radians(p.latitude)) + 540)::numeric % 360 - 180)::float8 end as pin_longitude) pin
      cross join lateral (select pin_latitude + (${uniform(g, 42)} - 0.5) * 0.006 as area_latitude,
                                 ((pin_longitude + (${uniform(g, 43)} - 0.5) * 0.006 + 540)::numeric % 360 - 180)::float8 as area_longitude) area`);
    // Their calendars: a season of 60 nights at a higher price in the first 140 days of the window, and a blocked
    // week after it.
    await tx.execute(sql`
      insert into room_night_settings (room_id, check_in, check_out, price_cents, blocked)
      select r.id, r.available_from + s.start, r.available_from + s.start + s.nights, s.price, s.blocked
      from generate_series(0, ${roomCount - 1}) g
      join rooms r on r.id = md5('bench-room-' || g)::uuid
      cross join lateral (values
        (floor(${uniform(g, 36)} * 80)::int, 60, r.price_cents * 13 / 10, false),
        (150 + floor(${uniform(g, 37)} * 20)::int, 7, null::bigint, true)
      ) as s(start, nights, price, blocked)
      where ${RULED(g)}`);
    step('rooms');
    const i = 'i';
    await tx.execute(sql`
      create temporary table bench_stays on commit drop as
      with slotted as (
        select i, r.id as room_id, r.price_cents, r.guests as room_guests, r.title, r.location, r.image,
               r.available_from + (i / ${roomCount}) * ((r.available_to - r.available_from) / ${perRoom}) as slot_start,
               (r.available_to - r.available_from) / ${perRoom} as slot
        from generate_series(0, ${bookings - 1}) i
        join rooms r on r.id = md5('bench-room-' || (i % ${roomCount}))::uuid
      ), placed as (
        select *, slot_start + floor(${uniform(i, 20)} * (slot / 3))::int as check_in,
               1 + floor(power(${uniform(i, 21)}, 2) * least(14, slot - floor(${uniform(i, 20)} * (slot / 3))::int))::int as nights
        from slotted
      )
      select i, room_id, 'bench-guest-' || (1 + floor(${uniform(i, 22)} * ${SEARCH_BENCH_GUESTS})::int) as guest_id,
             md5('bench-pay-' || i)::uuid as payment_id, check_in, check_in + nights as check_out, price_cents, price_cents * nights as total_cents,
             1 + floor(${uniform(i, 23)} * room_guests)::int as guests, title, location, image,
             least(now() - interval '1 hour', (check_in - 1 - floor(${uniform(i, 24)} * 60)::int)::timestamp at time zone 'UTC'
                   + make_interval(secs => floor(${uniform(i, 25)} * 86400)::int)) as created_at
      from placed`);
    step('stays laid out');
    await tx.execute(sql`
      insert into payments (id, provider, provider_payment_id, guest_id, room_id, check_in, check_out, nightly_price_cents, guests, amount_cents,
                            price_lines, status, card_brand, card_last4, created_at, updated_at)
      select payment_id, 'bench', 'bench_search_' || i, guest_id, room_id, check_in, check_out, price_cents, guests, total_cents,
             ${nightsLines(sql`price_cents`, sql`check_in`, sql`check_out`)},
             'succeeded', 'visa', '4242', created_at, created_at
      from bench_stays order by room_id, check_in`);
    step('payments');
    await tx.execute(sql`
      insert into bookings (id, room_id, guest_id, payment_id, check_in, check_out, room_title, room_location, room_image,
                            nightly_price_cents, guests, total_cents, price_lines, kept_cents, reference, status, created_at)
      select md5('bench-book-' || i)::uuid, room_id, guest_id, payment_id, check_in, check_out, title, location, image,
             price_cents, guests, total_cents, ${nightsLines(sql`price_cents`, sql`check_in`, sql`check_out`)}, total_cents, ${benchReference(sql`2000000000 + i`)}, 'confirmed', created_at
      from bench_stays order by room_id, check_in`);
    step('bookings');
  });
  await db.execute(sql`vacuum analyze`);
  step('vacuum analyze');
  return steps;
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

