import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_CURRENCY, isSupportedCurrency, isTimeZone, tidyTimeZone } from '@staybook/domain';

/**
 * Every setting the server reads, parsed once at start-up. A bad value stops the process with a
 * message naming the variable; `.env.example` at the repository root describes each one.
 */
const booleanFlag = z
  .enum(['0', '1', 'true', 'false'], { message: 'must be 0, 1, true or false' })
  .transform((v) => v === '1' || v === 'true');

/**
 * A whole number from `min` to `max`, with what to say of a value that is not a number, not whole, too small or too
 * large (one message says all four).
 */
function wholeNumber(min: number, max: number, message: string | { notANumber: string; tooSmall: string; tooLarge: string }) {
  const says =
    typeof message === 'string'
      ? { notANumber: message, notWhole: message, tooSmall: message, tooLarge: message }
      : { notWhole: 'must be a whole number', ...message };
  return z.coerce
    .number({ message: says.notANumber })
    .int(says.notWhole)
    .min(min, says.tooSmall)
    .max(max, says.tooLarge);
}

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: wholeNumber(0, 65535, {
    notANumber: 'must be a port number',
    tooSmall: 'must be between 0 and 65535',
    tooLarge: 'must be between 0 and 65535',
  }).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  // Server processes sharing the port, one per core at most (docs/decisions/068-server-processes.md).
  SERVER_PROCESSES: wholeNumber(1, 64, 'must be a whole number from 1 to 64').default(1),
  DATABASE_URL: postgresUrl.optional(),
  // Browsing and search reads on a streaming replica of DATABASE_URL's server (docs/decisions/055-read-replica.md).
  DATABASE_REPLICA_URL: postgresUrl.optional(),
  // Unset: seed outside production only (see docs/decisions/008-demo-seed-in-production.md).
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: wholeNumber(0, 10, {
    notANumber: 'must be the number of reverse proxies in front of the server (0 for none)',
    tooSmall: 'must be 0 or more',
    tooLarge: 'must be at most 10',
  }).default(0),
  PUBLIC_URL: z.url({ message: 'must be the URL people open, e.g. https://stays.example.com' }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
  AUTH_RATE_LIMIT: booleanFlag.default(true),
  PAYMENT_RATE_LIMIT: booleanFlag.default(true),
  UPLOAD_RATE_LIMIT: booleanFlag.default(true),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url({ message: 'must be the issuer URL of an OpenID provider' }).default('https://accounts.google.com'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('StayBook <no-reply@staybook.example>'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, "must be the signing secret of a Stripe webhook endpoint (whsec_…)").optional(),
  // Connected accounts' events (account.updated) go only to a Connect endpoint, which has a signing secret of its own.
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, "must be the signing secret of a Stripe Connect webhook endpoint (whsec_…)").optional(),
  // Production without Stripe keys: the built-in test processor, only when this says so (a rehearsal, a demo).
  TEST_PAYMENTS: booleanFlag.optional(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, message: 'must be the http(s) address of a Stripe-compatible API, e.g. http://127.0.0.1:12111' })
    .refine((url) => new URL(url).pathname === '/', 'must be a scheme, host and port only, e.g. http://127.0.0.1:12111')
    .optional(),
  // Prometheus metrics at /api/metrics; off (404) unless set.
  METRICS: booleanFlag.default(false),
  // The in-process search index (docs/decisions/057-search-index.md): on unless said, but off in tests, whose data is
  // written straight into the database behind the product's back (its own tests turn it on).
  SEARCH_INDEX: booleanFlag.optional(),
  // Several servers: rate limits counted in Redis, images in S3-compatible storage (docs/decisions/020-several-servers.md).
  REDIS_URL: z.string().regex(/^rediss?:\/\/[^/]/, 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379').optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . - (e.g. staybook:)')
    .default('staybook:'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lower-case letters, digits, dots or hyphens)').optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be the http(s) address of an S3-compatible service, e.g. http://127.0.0.1:9000' })
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,32}$/, 'must be a region name, e.g. us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // The map's tiles (docs/decisions/053-the-map.md): an OpenStreetMap-style raster URL template and its credit. Unset:
  // the offline basemap shipped with the product.
  MAP_TILE_URL: z
    .string()
    .refine(isTileUrlTemplate, 'must be an http(s) URL template with {z}, {x} and {y}, e.g. https://tile.example.org/{z}/{x}/{y}.png')
    .optional(),
  MAP_ATTRIBUTION: z.string().max(300, 'must be at most 300 characters').optional(),
  // A new room's time zone unless its host picks one (docs/decisions/026-room-time-zone.md).
  TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone name, e.g. Europe/Lisbon or UTC')
    .transform(tidyTimeZone)
    .default('UTC'),
  // A fresh marketplace's currency (docs/decisions/061-the-marketplace-currency.md): written into its settings at
  // the first start; after that the admins' setting is the one in force.
  MARKETPLACE_CURRENCY: z
    .string()
    .transform((code) => code.trim().toUpperCase())
    .refine(isSupportedCurrency, 'must be the ISO 4217 code of a currency the marketplace takes (Stripe\'s, with two decimals or none), e.g. USD, EUR, GBP or JPY')
    .default(DEFAULT_CURRENCY),
  // Calendar imports (docs/decisions/030-calendar-sync.md): host names or addresses that may be fetched although
  // they are private or local (tests and stand-ins), and how often each import is fetched again.
  CALENDAR_IMPORT_ALLOW_HOSTS: z
    .string()
    .regex(/^[A-Za-z0-9.:_-]+(,[A-Za-z0-9.:_-]+)*$/, 'must be host names or IP addresses separated by commas, e.g. 127.0.0.1,localhost')
    .optional(),
  // Webhook endpoints (decision 056) that may be plain http:// and private or local (tests and local tools).
  WEBHOOK_ALLOW_HOSTS: z
    .string()
    .regex(/^[A-Za-z0-9.:_-]+(,[A-Za-z0-9.:_-]+)*$/, 'must be host names or IP addresses separated by commas, e.g. 127.0.0.1,localhost')
    .optional(),
  CALENDAR_SYNC_MINUTES: wholeNumber(5, 1440, {
    notANumber: 'must be a number of minutes',
    tooSmall: 'must be at least 5',
    tooLarge: 'must be at most 1440 (a day)',
  }).default(30),
});

/** Every environment variable the server reads: deployment files are checked against it (compose.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Absolute path of the directory holding the embedded database and uploaded images. */
  dataDir: string;
  /** How many server processes share the port (more than one only on PostgreSQL). */
  serverProcesses: number;
  /** A PostgreSQL server to use instead of the embedded database. */
  databaseUrl: string | undefined;
  /** A streaming replica of that server: browsing and search read from it (docs/decisions/055-read-replica.md). */
  databaseReplicaUrl: string | undefined;
  /** Fill an empty database with the demo marketplace, whose passwords the README publishes. */
  seedDemo: boolean;
  logLevel: string;
  /** How many reverse proxies stand in front: only their X-Forwarded-For hops are believed. */
  trustProxy: number;
  /** The origin people open; links in mail and the sign-in callback use it. */
  publicUrl: string;
  /** Signs session cookies; when unset outside production, one is generated and kept in DATA_DIR. */
  authSecret: string | undefined;
  authRateLimit: boolean;
  /** Rate limits on creating payments and on the test processor's card confirmations. */
  paymentRateLimit: boolean;
  /** The rate limit on image uploads (30 per 10 minutes per person, or per address for a visitor). */
  uploadRateLimit: boolean;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** SMTP server for outgoing mail; when unset, mail is written to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Card payments through Stripe when both keys are set; null: the built-in test processor. */
  stripe: {
    secretKey: string;
    publishableKey: string;
    /** Verifies webhook events; required in production. */
    webhookSecret: string | null;
    /** Verifies connected accounts' events (the Connect endpoint's secret), so hosts' payout accounts follow Stripe. */
    connectWebhookSecret: string | null;
    /** A Stripe-compatible server instead of api.stripe.com (STRIPE_API_URL). */
    apiHost?: string;
    apiPort?: number;
    apiProtocol?: 'http' | 'https';
  } | null;
  /** Serve Prometheus metrics at /api/metrics. */
  metrics: boolean;
  /** Answer searches from the in-process search index (modules/rooms/search-index). */
  searchIndex: boolean;
  /** The map's raster tiles and their credit (shown as text); null: the offline basemap. */
  mapTiles: { url: string; attribution: string; imageSource: string } | null;
  /** The IANA time zone of a new room whose host picks none; its check-in days begin at that zone's midnight. */
  timeZone: string;
  /** A fresh marketplace's currency (MARKETPLACE_CURRENCY, USD by default); once set, the marketplace keeps its own. */
  currency: string;
  /** Rate limits counted across every server in this Redis; null: each process counts its own. */
  redis: { url: string; keyPrefix: string } | null;
  /** Imported calendars: fetched every `intervalMinutes`; `allowHosts` may be fetched although not public. */
  calendarImport: { allowHosts: string[]; intervalMinutes: number };
  /** Webhook endpoints: `allowHosts` may be http:// and private or local. */
  webhooks: { allowHosts: string[] };
  /** Images in this S3-compatible bucket; null: on the local disk in DATA_DIR/uploads. */
  s3: {
    bucket: string;
    /** An S3-compatible service instead of AWS (addressed path-style: endpoint/bucket/key). */
    endpoint: string | undefined;
    region: string;
    /** Unset: the AWS SDK's usual sources (environment, instance role…). */
    credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  } | null;
};

/** A raster tile URL template: http(s), with {z}, {x} and {y}, and perhaps {s} for the service's subdomains. */
function isTileUrlTemplate(url: string): boolean {
  if (!['{z}', '{x}', '{y}'].every((part) => url.includes(part))) return false;
  try {
    const parsed = new URL(url.replaceAll('{s}', 'a'));
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The content security policy's source for the tiles' images: their origin, any subdomain where the URL has {s}. */
function tileImageSource(url: string): string {
  const origin = new URL(url.replaceAll('{s}', 'tile-subdomain')).origin;
  return origin.replace('tile-subdomain', '*');
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither');
  }
  const stripeOn = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY);
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    problems.push('  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both to take card payments with Stripe, or neither for the built-in test processor');
  } else if (stripeOn && keyMode(e.STRIPE_SECRET_KEY) !== keyMode(e.STRIPE_PUBLISHABLE_KEY)) {
    problems.push('  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: one is a test key and the other a live key; use a pair from the same mode');
  }
  for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_CONNECT_WEBHOOK_SECRET', 'STRIPE_API_URL'] as const) {
    if (e[name] && !e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY) {
      problems.push(`  ${name}: only used with Stripe; set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY too, or remove it`);
    }
  }
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    problems.push('  DATABASE_REPLICA_URL: a replica of the PostgreSQL server in DATABASE_URL; set DATABASE_URL too (the embedded database has no replicas)');
  }
  if (e.SERVER_PROCESSES > 1 && !e.DATABASE_URL) {
    problems.push('  SERVER_PROCESSES: more than one process needs a PostgreSQL server (DATABASE_URL); the embedded database belongs to one process');
  }
  if (e.MAP_TILE_URL && !e.MAP_ATTRIBUTION) {
    problems.push('  MAP_ATTRIBUTION: required with MAP_TILE_URL (the tile service\'s credit, e.g. © OpenStreetMap contributors)');
  }
  if (e.MAP_ATTRIBUTION && !e.MAP_TILE_URL) problems.push('  MAP_ATTRIBUTION: only used with MAP_TILE_URL; set MAP_TILE_URL too, or remove it');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK\'s usual credentials');
  }
  for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (e[name] && !e.S3_BUCKET) problems.push(`  ${name}: only used with S3_BUCKET; set S3_BUCKET too, or remove it`);
  }
  if (stripeOn && e.TEST_PAYMENTS) problems.push('  TEST_PAYMENTS: only for running without Stripe; remove it, or the Stripe keys');
  if (e.NODE_ENV === 'production') {
    if (!e.AUTH_SECRET) problems.push('  AUTH_SECRET: required in production (e.g. `openssl rand -hex 32`)');
    if (!e.PUBLIC_URL?.startsWith('https://')) {
      problems.push('  PUBLIC_URL: required in production, as the https:// address people open');
    }
    if (!e.SMTP_URL) problems.push('  SMTP_URL: required in production (password-reset mail must reach people)');
    if (!stripeOn && !e.TEST_PAYMENTS) {
      problems.push(
        '  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: required in production to take payments; or TEST_PAYMENTS=1 to run on the built-in test processor, which moves no money (a rehearsal, a demo)',
      );
    }
    if (stripeOn && !e.STRIPE_WEBHOOK_SECRET) {
      problems.push('  STRIPE_WEBHOOK_SECRET: required in production with Stripe (the signing secret of the endpoint /api/payments/stripe/webhook, whsec_…)');
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    serverProcesses: e.SERVER_PROCESSES,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    authSecret: e.AUTH_SECRET,
    authRateLimit: e.AUTH_RATE_LIMIT,
    paymentRateLimit: e.PAYMENT_RATE_LIMIT,
    uploadRateLimit: e.UPLOAD_RATE_LIMIT,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER.replace(/\/+$/, '') }
        : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
            ...(e.STRIPE_API_URL ? stripeApiAddress(e.STRIPE_API_URL) : {}),
          }
        : null,
    metrics: e.METRICS,
    searchIndex: e.SEARCH_INDEX ?? e.NODE_ENV !== 'test',
    mapTiles: e.MAP_TILE_URL && e.MAP_ATTRIBUTION ? { url: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION, imageSource: tileImageSource(e.MAP_TILE_URL) } : null,
    timeZone: e.TIME_ZONE,
    currency: e.MARKETPLACE_CURRENCY,
    webhooks: { allowHosts: (e.WEBHOOK_ALLOW_HOSTS ?? '').split(',').filter(Boolean) },
    calendarImport: {
      allowHosts: (e.CALENDAR_IMPORT_ALLOW_HOSTS ?? '').split(',').filter(Boolean),
      intervalMinutes: e.CALENDAR_SYNC_MINUTES,
    },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : null,
  };
}

/** Test or live: a Stripe key's mode. */
function keyMode(key: string | undefined): string | undefined {
  return key?.split('_')[1];
}

/** The Stripe SDK takes a host, a port and a protocol rather than a URL. */
function stripeApiAddress(url: string): { apiHost: string; apiPort: number; apiProtocol: 'http' | 'https' } {
  const { protocol, hostname, port } = new URL(url);
  const apiProtocol = protocol === 'https:' ? 'https' : 'http';
  // An IPv6 literal keeps its brackets in a URL, not in a host name.
  return { apiHost: hostname.replace(/^\[(.*)\]$/, '$1'), apiPort: port ? Number(port) : apiProtocol === 'https' ? 443 : 80, apiProtocol };
}

/** Reads `.env` from the working directory when present; real environment variables win. */
export function loadConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env);
}
