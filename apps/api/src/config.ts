import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, parsed once at start-up. A bad value stops the process with a
 * message naming the variable; `.env.example` at the repository root describes each one.
 */
const booleanFlag = z
  .enum(['0', '1', 'true', 'false'], { message: 'must be 0, 1, true or false' })
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.coerce
    .number({ message: 'must be the number of reverse proxies in front of the server (0 for none)' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(10, 'must be at most 10')
    .default(0),
  PUBLIC_URL: z.url({ message: 'must be the URL people open, e.g. https://stays.example.com' }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
  AUTH_RATE_LIMIT: booleanFlag.default(true),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url({ message: 'must be the issuer URL of an OpenID provider' }).default('https://accounts.google.com'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('StayBook <no-reply@staybook.example>'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Absolute path of the directory holding the embedded database and uploaded images. */
  dataDir: string;
  /** A PostgreSQL server to use instead of the embedded database. */
  databaseUrl: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  /** How many reverse proxies stand in front: only their X-Forwarded-For hops are believed. */
  trustProxy: number;
  /** The origin people open; links in mail and the sign-in callback use it. */
  publicUrl: string;
  /** Signs session cookies; when unset outside production, one is generated and kept in DATA_DIR. */
  authSecret: string | undefined;
  authRateLimit: boolean;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** SMTP server for outgoing mail; when unset, mail is written to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
};

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
  if (e.NODE_ENV === 'production') {
    if (!e.AUTH_SECRET) problems.push('  AUTH_SECRET: required in production (e.g. `openssl rand -hex 32`)');
    if (!e.PUBLIC_URL?.startsWith('https://')) {
      problems.push('  PUBLIC_URL: required in production, as the https:// address people open');
    }
    if (!e.SMTP_URL) problems.push('  SMTP_URL: required in production (password-reset mail must reach people)');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    authSecret: e.AUTH_SECRET,
    authRateLimit: e.AUTH_RATE_LIMIT,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER.replace(/\/+$/, '') }
        : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
  };
}

/** Reads `.env` from the working directory when present; real environment variables win. */
export function loadConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env);
}
