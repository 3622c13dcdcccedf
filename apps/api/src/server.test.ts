import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_LABELS, roomsPageSchema, type ListedRoom } from '@staybook/domain';
import { openDatabase } from './db/client.js';
import { DEMO_USERS } from './seed/demo-data.js';
import { roleChanges, rooms, users } from './db/schema.js';
import { createServerDatabase, TEST_DATABASE_KINDS, type TestDatabaseKind } from './test/databases.js';
import { freePort, runOperatorCommand, startServer } from './test/server-process.js';

async function listAllRooms(baseUrl: string): Promise<ListedRoom[]> {
  const rooms: ListedRoom[] = [];
  let cursor: string | null = null;
  do {
    const res: Response = await fetch(`${baseUrl}/api/rooms?limit=60${cursor ? `&cursor=${cursor}` : ''}`);
    const page = roomsPageSchema.parse(await res.json());
    rooms.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return rooms;
}

/** The real server process: start-up, demo seed, restart on the same data, graceful stop. */
// Each case starts real processes that open, migrate and seed a database: minutes on a busy machine.
describe.each(TEST_DATABASE_KINDS)('server process on %s', { timeout: 600_000 }, (kind: TestDatabaseKind) => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'staybook-server-'));
    env = { DATA_DIR: dataDir };
    if (kind === 'postgres') {
      const server = await createServerDatabase();
      env.DATABASE_URL = server.url;
      dropDatabase = server.drop;
    }
  });
  afterAll(async () => {
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds an empty database, keeps the data on a second start without seeding again, and stops gracefully', async () => {
    const first = await startServer(env);
    const seeded = await listAllRooms(first.url);
    expect(new Set(seeded.map((r) => r.category))).toEqual(new Set(CATEGORY_LABELS));
    expect(first.output()).toContain('Seeded');
    const images = await fetch(`${first.url}${seeded[0]!.image}`);
    expect(images.status).toBe(200);
    expect(images.headers.get('content-type')).toBe('image/webp');

    // The demo accounts the README lists sign in with their passwords and hold their roles.
    for (const demo of DEMO_USERS) {
      const res = await fetch(`${first.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first.url },
        body: JSON.stringify({ email: demo.email, password: demo.password }),
      });
      expect(res.status, demo.email).toBe(200);
      expect(((await res.json()) as { user: { role: string } }).user.role).toBe(demo.role);
    }

    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain('SIGTERM: finishing in-flight requests');
    expect(await readdir(dataDir)).not.toContain('server.lock');

    const second = await startServer(env);
    const again = await listAllRooms(second.url);
    expect(again.map((r) => r._id)).toEqual(seeded.map((r) => r._id));
    expect(second.output()).not.toContain('Seeded');
    expect(await second.stop()).toBe(0);
  });

  // The embedded database belongs to one process; a server database takes any number of them.
  it.runIf(kind === 'pglite')('refuses an operator tool while the server runs on the embedded database', async () => {
    const running = await startServer(env);
    const refused = await runOperatorCommand('set-role', ['guest@staybook.example', 'host'], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/in use by a running StayBook server/);
    expect(await running.stop()).toBe(0);
  });

  it('lets an operator set a role while no server runs, and explains a wrong call', async () => {
    const made = await runOperatorCommand('set-role', ['Guest@StayBook.example', 'admin'], env);
    expect(made).toMatchObject({ code: 0 });
    expect(made.output).toContain('guest@staybook.example is now admin.');
    const server = await startServer(env);
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'guest@staybook.example', password: 'staybook-guest' }),
    });
    expect(((await signIn.json()) as { user: { role: string } }).user.role).toBe('admin');
    expect(await server.stop()).toBe(0);
    const database = await openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir });
    const log = await database.db.select().from(roleChanges);
    await database.close();
    // The demo's own promotions of its hosts are in the log too; the operator's change is the one made by the tool.
    expect(log.filter((change) => change.via === 'cli')).toMatchObject([{ actorId: null, fromRole: 'guest', toRole: 'admin', via: 'cli' }]);
    expect((await runOperatorCommand('set-role', ['nobody@example.com', 'host'], env)).code).toBe(1);
    const usage = await runOperatorCommand('set-role', ['guest@staybook.example', 'king'], env);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('Usage: npm run set-role');
  });

  it('refuses to start with a bad setting, naming the variable', async () => {
    await expect(startServer({ ...env, PORT: 'not-a-port' })).rejects.toThrow(/PORT/);
  });
});

describe.each(TEST_DATABASE_KINDS)('production server on %s', { timeout: 600_000 }, (kind: TestDatabaseKind) => {
  const PUBLIC_URL = 'https://stays.example.com';
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'staybook-production-'));
    // Start-up needs no mail server: nothing listens on this port, and nothing is sent.
    env = { DATA_DIR: dataDir, NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(32), PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, SEED_DEMO: '', TEST_PAYMENTS: '1' };
    if (kind === 'postgres') {
      const server = await createServerDatabase();
      env.DATABASE_URL = server.url;
      dropDatabase = server.drop;
    }
  });
  afterAll(async () => {
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const countRows = async () => {
    const database = await openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir });
    const counts = { users: await database.db.$count(users), rooms: await database.db.$count(rooms) };
    await database.close();
    return counts;
  };

  it('leaves an empty database empty, so no published password opens it; seeds only when told to, then warns at every start', async () => {
    const server = await startServer(env);
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      body: JSON.stringify({ email: 'admin@staybook.example', password: 'staybook-admin' }),
    });
    expect(signIn.status).toBe(401);
    expect(await signIn.json()).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
    expect(server.output()).not.toContain('Seeded');
    expect(server.output()).not.toContain('DEMO ACCOUNTS');
    // Run on the test processor by hand, it says so at every start.
    expect(server.output()).toContain('TEST PAYMENTS IN PRODUCTION');
    expect(await server.stop()).toBe(0);
    expect(await countRows()).toEqual({ users: 0, rooms: 0 });

    const seeded = await startServer({ ...env, SEED_DEMO: '1' });
    expect(seeded.output()).toContain('Seeded 5 demo accounts');
    expect(seeded.output()).toContain(`DEMO ACCOUNTS IN PRODUCTION. ${DEMO_USERS.map((u) => u.email).join(', ')} sign in with`);
    expect(await seeded.stop()).toBe(0);

    // Seeded once is enough to stay dangerous: every later start says so, SEED_DEMO or not.
    const later = await startServer(env);
    expect(later.output()).not.toContain('Seeded');
    expect(later.output()).toContain('DEMO ACCOUNTS IN PRODUCTION');
    expect(await later.stop()).toBe(0);
  });
});
