import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import {
  CONTROL_URL,
  EMPTY_PORT,
  EMPTY_URL,
  EURO_PORT,
  EURO_URL,
  GOOGLE_CLIENT,
  OIDC_ISSUER,
  POSTGRES_SEEDED_PORT,
  POSTGRES_SEEDED_URL,
  postgresUrl,
  SEEDED_PORT,
  SEEDED_URL,
  SMTP_PORT,
  YEN_PORT,
  YEN_URL,
} from './support/servers';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Created once by the runner; workers load this file again but inherit the variable, so they reuse it.
// global-teardown.ts removes it once the servers have stopped.
process.env.E2E_DATA_ROOT ??= mkdtempSync(join(tmpdir(), 'staybook-e2e-'));
const dataRoot = process.env.E2E_DATA_ROOT;
// The PostgreSQL database of this run (when TEST_DATABASE_URL names a server), named once like the data root;
// the server's command creates it, global-teardown.ts drops it.
if (POSTGRES_SEEDED_URL) process.env.E2E_POSTGRES_DATABASE ??= `staybook_e2e_${randomBytes(6).toString('hex')}`;
const postgresDatabase = process.env.E2E_POSTGRES_DATABASE;

function server(name: string, port: number, url: string, env: Record<string, string>, command = 'npm start') {
  return {
    name,
    command,
    cwd: repoRoot,
    url: `${url}/api/health`,
    // DATABASE_URL is blanked so each server runs its embedded database in its own fresh directory;
    // the outside services are blanked too, so only what `env` sets reaches the server from here.
    env: {
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: '',
      SMTP_URL: '',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      GOOGLE_ISSUER: '',
      ...env,
    },
    reuseExistingServer: false,
    // The first start of a fresh data directory migrates and seeds the database.
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  };
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // The marketplace's fees apply to every stay on the server, and every other spec expects none: the spec that sets
  // them runs alone, once all the others have finished.
  projects: [
    { name: 'marketplace', testIgnore: /(marketplace-fees|main-thread)\.spec\.ts/ },
    { name: 'marketplace-wide settings', testMatch: /marketplace-fees\.spec\.ts/, dependencies: ['marketplace'] },
    // The main thread's budget is timed with nothing else at work: after every other spec, one test at a time.
    { name: 'main-thread budget', testMatch: /main-thread\.spec\.ts/, dependencies: ['marketplace-wide settings'], fullyParallel: false },
  ],
  // A journey (book and pay, review both sides, approve a host) walks twenty to forty steps, each a request or
  // two to servers sharing two cores with the browser and each other: on a slow machine of that size the longest
  // took 35-40 s alone and over 30 s (the default) in the whole run, while none waited on anything that never
  // came. `test.slow()` triples this.
  timeout: 90_000,
  // A page's first visit loads its lazy chunks (the dashboard's, the date picker's) one after the other, each
  // waiting its turn on those two cores: on this kind of machine, with its host busy, a date picker and a booking
  // list have each taken just over 10 s to appear in the whole run, though nothing was missing.
  expect: { timeout: 20_000 },
  use: {
    baseURL: SEEDED_URL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; CHROMIUM_BIN names another build of it (a trace of one build on two browser versions).
      executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      name: 'stand-ins',
      command: 'node --import tsx e2e/support/stand-ins.ts',
      cwd: repoRoot,
      url: `${CONTROL_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    },
    // Wired to the stand-ins. It discovers the OpenID provider on start-up, so it waits for them first.
    server(
      'seeded',
      SEEDED_PORT,
      SEEDED_URL,
      {
        DATA_DIR: join(dataRoot, 'seeded'),
        SEED_DEMO: '1',
        // Every test signs in, pays and uploads its people's photos from 127.0.0.1 (more than 30 card confirmations or
        // uploads in a run's ten minutes); the limits themselves have API tests.
        AUTH_RATE_LIMIT: '0',
        PAYMENT_RATE_LIMIT: '0',
        UPLOAD_RATE_LIMIT: '0',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
        GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
        GOOGLE_ISSUER: OIDC_ISSUER,
        // Calendar imports may reach the stand-ins' control API, which serves the tests' .ics files.
        CALENDAR_IMPORT_ALLOW_HOSTS: '127.0.0.1',
        // Webhook endpoints may be the tests' own receivers on this machine.
        WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      },
      `node --import tsx e2e/support/wait-for.ts ${CONTROL_URL}/health && npm start`,
    ),
    // No Google settings: the app says Google sign-in is not configured.
    server('empty', EMPTY_PORT, EMPTY_URL, { DATA_DIR: join(dataRoot, 'empty'), SEED_DEMO: '0', UPLOAD_RATE_LIMIT: '0' }),
    // The demo marketplace in euros and in yen (currency.spec.ts): a currency is set before the first booking.
    ...(
      [
        ['in euros', EURO_PORT, EURO_URL, 'EUR'],
        ['in yen', YEN_PORT, YEN_URL, 'JPY'],
      ] as const
    ).map(([name, port, url, currency]) =>
      server(name, port, url, {
        DATA_DIR: join(dataRoot, `seeded-${currency.toLowerCase()}`),
        SEED_DEMO: '1',
        MARKETPLACE_CURRENCY: currency,
        AUTH_RATE_LIMIT: '0',
        PAYMENT_RATE_LIMIT: '0',
        UPLOAD_RATE_LIMIT: '0',
      }),
    ),
    // The demo marketplace again, on PostgreSQL: for the tests that run on both databases.
    ...(POSTGRES_SEEDED_URL && postgresDatabase
      ? [
          server(
            'seeded on PostgreSQL',
            POSTGRES_SEEDED_PORT,
            POSTGRES_SEEDED_URL,
            {
              DATA_DIR: join(dataRoot, 'seeded-postgres'),
              DATABASE_URL: postgresUrl(postgresDatabase),
              SEED_DEMO: '1',
              AUTH_RATE_LIMIT: '0',
              PAYMENT_RATE_LIMIT: '0',
              UPLOAD_RATE_LIMIT: '0',
              // The stand-in mail server, so the users a test creates here verify their address as on the other.
              SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
            },
            `node --import tsx e2e/support/postgres-database.ts create ${postgresDatabase} && npm start`,
          ),
        ]
      : []),
  ],
});
