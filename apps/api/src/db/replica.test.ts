import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, roomsPageSchema, todayIso, wishlistPageSchema, wishlistSchema, type RoomsPage } from '@staybook/domain';
import { openDatabase, type Database } from './client.js';
import { insertRoom } from './factories.js';
import { migrateDatabase } from './migrate.js';
import { parseWalPosition } from './replica.js';
import { WRITTEN_COOKIE, writtenCookie, writtenPosition } from '../plugins/replica-reads.js';
import { confirmBooking, confirmCard, startPayment } from '../test/bookings.js';
import { startReplicaCluster, type ReplicaCluster } from '../test/replica-cluster.js';
import { describeNeeding, SERVER_DATABASE } from '../test/needs.js';
import { listRoom } from '../test/rooms.js';
import { appOn, type TestApp, type TestUser } from '../test/test-app.js';

/**
 * Browsing on a real streaming replica (docs/decisions/055-read-replica.md): a primary and a standby of this test's
 * own (test/replica-cluster.ts), the app built with DATABASE_URL and DATABASE_REPLICA_URL. Holding the standby's
 * replay shows where each read went: what only the primary has is seen by a read of the primary only.
 */

/** A count asked of one server directly (not through the app). */
async function countOn(url: string, text: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return ((await client.query(text)).rows as { n: number }[])[0]!.n;
  } finally {
    await client.end();
  }
}

/** A person's cookies after an answer that may have set the written-position cookie. */
function afterWrite(person: TestUser, res: LightMyRequestResponse): TestUser {
  const written = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${WRITTEN_COOKIE}=`));
  expect(written, 'a write is answered with the position to read it back from').toBeDefined();
  const others = person.cookie.split('; ').filter((c) => !c.startsWith(`${WRITTEN_COOKIE}=`));
  return { ...person, cookie: [...others, written!.split(';')[0]!].join('; ') };
}

describe('WAL positions and the written-position cookie', () => {
  it('orders positions as PostgreSQL does, and reads nothing else as one', () => {
    expect(parseWalPosition('0/16B3748')).toBe(0x16b3748n);
    expect(parseWalPosition('16/B374D848')! > parseWalPosition('15/FFFFFFFF')!).toBe(true);
    expect(parseWalPosition('1/0')! > parseWalPosition('0/FFFFFFFF')!).toBe(true);
    for (const bad of [null, '', '16', '16/', 'G/1', '1/2/3', '123456789/0']) expect(parseWalPosition(bad), String(bad)).toBeNull();
  });

  it('believes only a position it signed itself', () => {
    const secret = 'a secret that is long enough for the cookie';
    const cookie = writtenCookie(0x16b374d848n, secret, true);
    expect(cookie).toMatch(/; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    const sent = `session=abc; ${cookie.split(';')[0]!}`;
    expect(writtenPosition(sent, secret)).toBe(0x16b374d848n);
    expect(writtenPosition(sent, 'another secret that is long enough for it')).toBeNull();
    expect(writtenPosition(sent.replace('=16b374d848.', '=16b374d849.'), secret)).toBeNull();
    expect(writtenPosition(`${WRITTEN_COOKIE}=ffffffffffffffff`, secret)).toBeNull();
    expect(writtenPosition(undefined, secret)).toBeNull();
  });
});

// A standby copied from a primary of its own: it needs the PostgreSQL server's programs, which a run names by
// giving its server (needs.ts says which suites a run without one skipped, and why).
describeNeeding(SERVER_DATABASE, 'a read replica (DATABASE_REPLICA_URL)', {}, () => {
  let cluster: ReplicaCluster | null = null;
  let database: Database | null = null;
  let dataDir: string | null = null;
  let app: TestApp | null = null;
  /** Every search asks something no earlier one did, so the listing cache never answers it. */
  let searches = 0;
  const t = () => app!;

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    dataDir = await mkdtemp(join(tmpdir(), 'staybook-replica-app-'));
    database = await openDatabase({ kind: 'postgres', url: cluster.primaryUrl });
    await migrateDatabase(database);
    await cluster.caughtUp();
    const opened = database;
    app = await appOn(
      { database: opened, dataDir, target: { kind: 'postgres', url: cluster.primaryUrl }, cleanup: () => opened.close() },
      { DATABASE_URL: cluster.primaryUrl, DATABASE_REPLICA_URL: cluster.replicaUrl, METRICS: '1' },
    );
  });

  afterAll(async () => {
    // Whatever the tests reached: the app, then its database, then both servers and their directories.
    if (app) await app.app.close();
    await database?.close().catch(() => {});
    await cluster?.remove();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** `GET /api/rooms` with a price cap no other search used, as `as` (a visitor when null). */
  async function search(as: TestUser | null, query: Record<string, string> = {}): Promise<RoomsPage> {
    searches += 1;
    const params = new URLSearchParams({ ...query, maxPrice: String(100_000 - searches) });
    const res = await t().call('GET', `/api/rooms?${params}`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return roomsPageSchema.parse(res.json());
  }

  /** A figure of /api/metrics (0 when the series is not there yet). */
  async function metric(series: string): Promise<number> {
    const res = await t().call('GET', '/api/metrics');
    expect(res.statusCode).toBe(200);
    const line = res.body.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  }
  const readsOn = (target: string) => metric(`staybook_browsing_reads_total{target="${target}"}`);

  /**
   * The server has taken in every listing change so far (its 20 s change-log check would otherwise find an earlier
   * write in the middle of a test and send the reads after it to the primary until the standby replays past it), a
   * browsing read has waited for the position that sets, and the standby has replayed everything.
   */
  async function settled(): Promise<void> {
    await t().app.listing.checkVersion();
    await search(null);
    await cluster!.caughtUp();
  }

  /** Runs `check` while the standby receives WAL but replays none of it. */
  async function withReplayHeld(check: () => Promise<void>): Promise<void> {
    await settled();
    await cluster!.pauseReplay();
    try {
      await check();
    } finally {
      await cluster!.resumeReplay();
    }
  }

  it('sends a visitor\'s search to the replica: a room only the primary has is not found until the standby replays it', async () => {
    const host = await t().signUp({ role: 'host' });
    let markerId = '';
    await withReplayHeld(async () => {
      const onReplica = await readsOn('replica');
      // Written on the primary without telling the listing (as a write on another server whose notice is late).
      markerId = (await insertRoom(t().database.db, { hostId: host.id, title: 'Lighthouse keeper\'s cottage' })).id;
      const markerRows = `select count(*)::int as n from rooms where id = '${markerId}'`;
      expect(await countOn(cluster!.primaryUrl, markerRows)).toBe(1);
      expect(await countOn(cluster!.replicaUrl, markerRows)).toBe(0);
      const page = await search(null);
      expect(page.items.map((room) => room._id)).not.toContain(markerId);
      expect(await readsOn('replica')).toBeGreaterThan(onReplica);
    });
    await cluster!.caughtUp();
    expect((await search(null)).items.map((room) => room._id)).toContain(markerId);
  });

  it('never shows a guest the nights they just booked as free, though the standby has not replayed the booking', async () => {
    const host = await t().signUp({ role: 'host' });
    const room = await listRoom(t(), host);
    let guest = await t().signUp();
    const from = addDays(todayIso(), 10);
    const to = addDays(from, 2);
    await withReplayHeld(async () => {
      const onPrimaryBefore = await readsOn('primary_behind');
      const intent = await startPayment(t(), guest, { roomId: room._id, from, to });
      expect((await confirmCard(t(), intent)).statusCode).toBe(200);
      const booked = await confirmBooking(t(), guest, intent.paymentIntentId);
      expect(booked.statusCode, booked.body).toBe(201);
      guest = afterWrite(guest, booked);

      // The replica has not replayed the booking; the guest's search is read where the booking is.
      const bookingsOf = `select count(*)::int as n from bookings where room_id = '${room._id}'`;
      expect(await countOn(cluster!.replicaUrl, bookingsOf)).toBe(0);
      expect(await countOn(cluster!.primaryUrl, bookingsOf)).toBe(1);
      const dated = await search(guest, { checkin: from, checkout: to });
      expect(dated.items.map((r) => r._id)).not.toContain(room._id);
      // This server heard of the booking, so it serves nobody a page older than it: a visitor does not see the nights free either.
      expect((await search(null, { checkin: from, checkout: to })).items.map((r) => r._id)).not.toContain(room._id);
      expect(await readsOn('primary_behind')).toBeGreaterThan(onPrimaryBefore);
    });
    // Once the standby has it, the same searches are the replica's again.
    await settled();
    const onReplica = await readsOn('replica');
    expect((await search(guest, { checkin: from, checkout: to })).items.map((r) => r._id)).not.toContain(room._id);
    expect(await readsOn('replica')).toBeGreaterThan(onReplica);
  });

  it("reads a person's own write back from the primary while others may still read the replica's older copy", async () => {
    let owner = await t().signUp({ name: 'Rita Traveller' });
    const created = await t().call('POST', '/api/wishlists', { as: owner, body: { name: 'Summer' } });
    expect(created.statusCode, created.body).toBe(201);
    const list = wishlistSchema.parse(created.json());
    const shared = await t().call('POST', `/api/wishlists/${list.id}/share`, { as: owner });
    expect(shared.statusCode, shared.body).toBe(200);
    const link = `/api/wishlists/shared/${wishlistSchema.parse(shared.json()).shareToken!}`;
    const nameAt = async (as: TestUser | null, headers: Record<string, string> = {}) => {
      const res = await t().call('GET', link, { as, headers });
      expect(res.statusCode, res.body).toBe(200);
      return wishlistPageSchema.parse(res.json()).list.name;
    };

    await withReplayHeld(async () => {
      const renamed = await t().call('PATCH', `/api/wishlists/${list.id}`, { as: owner, body: { name: 'Lisbon in March' } });
      expect(renamed.statusCode, renamed.body).toBe(200);
      owner = afterWrite(owner, renamed);
      expect(await nameAt(owner)).toBe('Lisbon in March');
      // Someone else with the link reads the replica, which has not replayed the rename yet.
      expect(await nameAt(null)).toBe('Summer');
      // A position the server did not sign sends nobody to the primary.
      expect(await nameAt(null, { cookie: `${WRITTEN_COOKIE}=ffffffffffff.forged-signature-000000` })).toBe('Summer');
    });
    await cluster!.caughtUp();
    expect(await nameAt(null)).toBe('Lisbon in March');
  });

  it('keeps answering searches from the primary while the replica is down, and reads from it again once it is back', async () => {
    const host = await t().signUp({ role: 'host' });
    const room = await listRoom(t(), host, { title: 'Cabin that outlives its replica' });
    await cluster!.caughtUp();
    await cluster!.stopStandby();

    const whileDown = await readsOn('primary_replica_down');
    expect((await search(null)).items.map((r) => r._id)).toContain(room._id);
    const page = await t().call('GET', `/api/room/${room._id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect((await search(null, { checkin: addDays(todayIso(), 8), checkout: addDays(todayIso(), 9) })).items.map((r) => r._id)).toContain(room._id);
    expect(await metric('staybook_read_replica_up')).toBe(0);
    expect(await readsOn('primary_replica_down')).toBeGreaterThan(whileDown);

    await cluster!.startStandby();
    // The server probes the replica with a growing back-off; wait (bounded) until a probe finds it back.
    for (let waited = 0; (await metric('staybook_read_replica_up')) !== 1; waited += 100) {
      if (waited > 45_000) throw new Error('the server did not go back to the replica after it restarted');
      await sleep(100);
    }
    await settled();
    const onReplica = await readsOn('replica');
    expect((await search(null)).items.map((r) => r._id)).toContain(room._id);
    expect(await readsOn('replica')).toBeGreaterThan(onReplica);
  });
});
