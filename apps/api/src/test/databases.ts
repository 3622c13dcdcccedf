import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseTarget } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';

/**
 * API and service tests run on every database the product supports: the embedded one always,
 * and a PostgreSQL server too when TEST_DATABASE_URL names one. Each test file gets a database
 * of its own, created here and removed afterwards.
 */
export type TestDatabaseKind = DatabaseTarget['kind'];

export const TEST_DATABASE_KINDS: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export type TestDatabase = {
  database: Database;
  /** A fresh data directory (images, and the embedded database when kind is pglite). */
  dataDir: string;
  target: DatabaseTarget;
  cleanup(): Promise<void>;
};

/** The URL of a PostgreSQL test database; throws for the embedded one, so a test meant for a server never passes without one. */
export function serverUrlOf(target: DatabaseTarget): string {
  if (target.kind !== 'postgres') throw new Error(`this test needs a PostgreSQL database, not ${target.kind}`);
  return target.url;
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/**
 * Creates an empty PostgreSQL database on the test server (named `name`, else a fresh name); answers its URL and
 * how to drop it.
 */
export async function createServerDatabase(
  name = `staybook_test_${process.pid}_${randomBytes(4).toString('hex')}`,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name of ours: ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropServerDatabase(name) };
}

/** Drops a database the tests made on the test server, whoever is still connected to it. */
export async function dropServerDatabase(name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name of ours: ${name}`);
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

/** A fresh, migrated database of the given kind. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'staybook-test-'));
  const server = kind === 'postgres' ? await createServerDatabase() : null;
  const target: DatabaseTarget = server ? { kind: 'postgres', url: server.url } : { kind: 'pglite', dataDir };
  const database = await openDatabase(target);
  await migrateDatabase(database);
  return {
    database,
    dataDir,
    target,
    async cleanup() {
      await database.close();
      await server?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
