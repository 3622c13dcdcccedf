import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import { storedImageUrl, type Role } from '@staybook/domain';
import { createStayBookClient, type StayBookClient } from '@staybook/client';
import { buildApp, type AppDeps } from '../app.js';
import { parseConfig } from '../config.js';
import { users } from '../db/schema.js';
import type { MailMessage } from '../integrations/mail/mailer.js';
import { openDatabase } from '../db/client.js';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './databases.js';
import { injectFetch } from './inject-fetch.js';

export const TEST_ORIGIN = 'http://localhost:3000';
/** The cookie secret of every test app, so a server process started on the same database accepts its sessions. */
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-the-auth-library';

const VERIFY_SUBJECT = 'Confirm your e-mail address for StayBook';

export type TestUser = { id: string; email: string; password: string; role: Role; cookie: string };

type CallOptions = { as?: TestUser | null; body?: unknown; headers?: Record<string, string> };

export type TestApp = TestDatabase & {
  app: FastifyInstance;
  /** Mail the app sent, newest last (the outbox sends it in the background: see `mailSent`). */
  mail: MailMessage[];
  /** Runs the outbox's due jobs, then answers every mail sent so far. */
  mailSent(): Promise<MailMessage[]>;
  /** Sends what the outbox holds, then forgets every mail sent so far. */
  clearMail(): Promise<void>;
  /** Calls the API the way the web app does: same origin, with the user's session cookie. */
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  /**
   * The typed client (packages/client), calling the app as the web app does (same origin, the user's session cookie):
   * its paths, bodies and answers are the OpenAPI document's, so a test written with it fails to type-check when the
   * contract changes.
   */
  client(as?: TestUser | null): StayBookClient;
  /**
   * Signs a new person up through the real endpoint, opens the link of the verification mail (unless
   * `verified: false`), signs them in, then gives them a role as an admin would.
   */
  signUp(options?: { role?: Role; email?: string; password?: string; name?: string; verified?: boolean; image?: string }): Promise<TestUser>;
  /** The link of the newest verification mail to `email`, waiting for it (the outbox sends mail after the answer). */
  verificationLink(email: string): Promise<URL>;
  close(): Promise<void>;
};

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

/** The whole HTTP application on a fresh database, driven with `app.inject()` (no port). */
export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  /** Routes only a test needs (e.g. to reach a database failure through the API's error path). */
  testRoutes?: FastifyPluginAsync,
  /** The built web app to serve (modules/web/web.ts); none by default. */
  webDist: string | null = null,
  /** What else the app is built with (e.g. a resolver giving calendar host names answers of the test's own). */
  deps: Pick<AppDeps, 'resolveCalendarHost'> = {},
): Promise<TestApp> {
  return appOn(await createTestDatabase(kind), env, testRoutes, webDist, deps);
}

/**
 * A second server process's app on the same PostgreSQL database as `first` (its own connections, cache
 * and listener), as when several servers run behind a load balancer. Closing it leaves the database.
 */
export async function createSecondTestApp(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  if (first.target.kind !== 'postgres') throw new Error('Only a PostgreSQL server is shared by several processes');
  const database = await openDatabase(first.target);
  return appOn({ database, dataDir: first.dataDir, target: first.target, cleanup: () => database.close() }, env);
}

/** The whole HTTP application on a database the caller opened (and `cleanup` closes), e.g. one with a read replica. */
export async function appOn(
  testDb: TestDatabase,
  env: Record<string, string>,
  testRoutes?: FastifyPluginAsync,
  webDist: string | null = null,
  deps: Pick<AppDeps, 'resolveCalendarHost'> = {},
): Promise<TestApp> {
  const config = parseConfig({
    DATA_DIR: testDb.dataDir,
    // TEST_LOG_LEVEL=error shows a failing test's server errors.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    // Fixtures sign many people in from one address; the limits have tests of their own.
    AUTH_RATE_LIMIT: '0',
    PAYMENT_RATE_LIMIT: '0',
    ...env,
  });
  const mail: MailMessage[] = [];
  const app = await buildApp({
    config,
    database: testDb.database,
    authSecret: TEST_AUTH_SECRET,
    mailer: { send: async (m) => void mail.push(m) },
    webDist,
    ...deps,
  });
  if (testRoutes) await app.register(testRoutes, { prefix: '/test' });
  await app.ready();

  const call: TestApp['call'] = (method, url, { as, body, headers } = {}) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(as ? { cookie: as.cookie } : {}), ...headers },
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    });

  async function verificationLink(email: string): Promise<URL> {
    for (let waited = 0; waited < 5_000; waited += 10) {
      const sent = mail.filter((m) => m.to === email && m.subject === VERIFY_SUBJECT).at(-1);
      if (sent) return new URL(/https?:\/\/\S+/.exec(sent.text)![0]);
      // Account mail goes through the outbox: send what it holds, then look again.
      await app.jobs.runDue();
      await sleep(10);
    }
    throw new Error(`no verification mail reached ${email}`);
  }

  return {
    ...testDb,
    app,
    mail,
    async mailSent() {
      await app.jobs.runDue();
      return mail;
    },
    async clearMail() {
      await app.jobs.runDue();
      mail.length = 0;
    },
    call,
    client: (as) =>
      createStayBookClient({ baseUrl: TEST_ORIGIN, fetch: injectFetch(app), headers: { origin: TEST_ORIGIN, ...(as ? { cookie: as.cookie } : {}) } }),
    verificationLink,
    async signUp({ role = 'guest', email, password = 'correct horse battery', name = 'Test Person', verified = true, image = storedImageUrl(randomUUID()) } = {}) {
      const address = (email ?? `person-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
      const res = await call('POST', '/api/auth/sign-up/email', {
        body: { name, email: address, password, image },
      });
      if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
      if (verified) {
        const link = await verificationLink(address);
        const opened = await call('GET', `${link.pathname}${link.search}`);
        if (opened.statusCode !== 302 || new URL(opened.headers.location as string, TEST_ORIGIN).searchParams.has('error')) {
          throw new Error(`verification failed: ${opened.statusCode} ${String(opened.headers.location)}`);
        }
      }
      const signedIn = await call('POST', '/api/auth/sign-in/email', { body: { email: address, password } });
      if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.statusCode} ${signedIn.body}`);
      const id = (signedIn.json() as { user: { id: string } }).user.id;
      if (role !== 'guest') await testDb.database.db.update(users).set({ role }).where(eq(users.id, id));
      return { id, email: address, password, role, cookie: sessionCookie(signedIn) };
    },
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}
