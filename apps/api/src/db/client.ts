import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import * as drizzleOrm from 'drizzle-orm';
import { sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { listenToChannel, type ChannelHandlers, type Subscription } from './listen.js';
import * as schema from './schema.js';

/**
 * The one database handle type services use, whichever engine is behind it, and inside a transaction too: the
 * node-postgres and PGlite databases over our schema and a transaction of either are each a `PgDatabase` of the
 * base query-result kind, so each is a Db as it is, with no cast. A function that must run inside a transaction
 * takes a Db named `tx`; `withTransaction` opens one.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Runs `work` in one transaction of `db` (a savepoint when `db` is itself a transaction): everything it writes
 * commits when it resolves and nothing does when it throws. It is the one way product code opens a transaction
 * (eslint.config.js refuses `.transaction(` elsewhere outside tests), for two reasons: `work` receives the transaction
 * as a plain Db, so what it calls is written once for inside and outside a transaction alike and undoes its writes
 * only by throwing (drizzle's `tx.rollback()` is out of reach); and a reader finds where every transaction begins by
 * this one name.
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** The rows a raw statement answers, typed by the caller: both drivers answer `{ rows }`, columns as named in SQL. */
export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A `text[]` of the given values, each sent as a parameter: for `= any(…)`, `@>` and `&&`. */
export function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * A statement of the query builder made once per database handle and kept as a prepared statement (`build`
 * calls drizzle's `.prepare(name)` with placeholders). On the booking path the builder's work costs more CPU
 * than the statement's round trip (docs/decisions/043-booking-throughput.md). A transaction is a handle of
 * its own, so inside one the statement is built for it each time.
 */
export function preparedStatement<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A raw statement (with `sql.placeholder`s for its values) kept prepared under `name` per database handle: on
 * PostgreSQL each connection plans it once instead of on every call, which for the statistics' statements costs
 * more than running them. Answers the rows as the driver gives them. Like `preparedStatement`, a transaction
 * is a handle of its own.
 */
export function preparedSql<T>(name: string, statement: SQL): (db: Db) => { execute(values: Record<string, unknown>): Promise<T[]> } {
  const query = dialect.sqlToQuery(statement);
  return preparedStatement((db) => namedStatement<T>(db, query, name));
}

/** A raw statement's query under `name` on one handle, answering its rows (`preparedSql` and `queryNamed`). */
function namedStatement<T>(db: Db, query: Query, name: string): { execute(values?: Record<string, unknown>): Promise<T[]> } {
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return { execute: async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows };
}

/**
 * A raw statement with its values written in (no placeholders), sent as the prepared statement `name`: on
 * PostgreSQL each connection plans it once instead of each time. Its text must be the same on every call under
 * one name (node-postgres refuses another text). The rows as the driver gives them.
 */
export function queryNamed<T>(db: Db, name: string, statement: SQL): Promise<T[]> {
  return namedStatement<T>(db, dialect.sqlToQuery(statement), name).execute();
}

/** What `preparedSelect` needs of a select of the query builder (drizzle's own members, not in its public types). */
type SelectShape = { getSQL(): SQL; _: { selectedFields: Record<string, unknown> }; joinsNotNullableMap?: Record<string, boolean> };
type OrderedFields = { path: string[]; field: unknown }[];
/** The select's columns in the order drizzle's prepared queries map rows with (exported, but not in its types). */
const orderSelectedFields = (drizzleOrm as unknown as { orderSelectedFields(fields: Record<string, unknown>): OrderedFields }).orderSelectedFields;

/**
 * A select of the query builder kept prepared under `name` that costs no builder work inside a transaction either:
 * its SQL, columns and result shape are made once, from the first handle it meets, and each handle (a transaction
 * is one of its own) only wraps them. On PostgreSQL each connection plans it once. For the booking's transaction,
 * whose statements were otherwise built and planned on every booking (docs/decisions/043-booking-throughput.md).
 */
export function preparedSelect<T>(
  name: string,
  build: (db: Db) => { readonly _: { readonly result: T[] } },
): (db: Db) => { execute(values: Record<string, unknown>): Promise<T[]> } {
  let shape: { query: Query; fields: OrderedFields; joins: Record<string, boolean> | undefined } | undefined;
  return preparedStatement((db) => {
    if (!shape) {
      const select = build(db) as unknown as SelectShape;
      shape = {
        query: dialect.sqlToQuery(select.getSQL()),
        fields: orderSelectedFields(select._.selectedFields),
        joins: select.joinsNotNullableMap,
      };
    }
    const prepared = db._.session.prepareQuery(shape.query, shape.fields as never, name, true) as unknown as {
      joinsNotNullableMap?: Record<string, boolean>;
      execute(values: Record<string, unknown>): Promise<T[]>;
    };
    prepared.joinsNotNullableMap = shape.joins;
    return prepared;
  });
}

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** PostgreSQL server only: LISTEN on a channel, so every server process on the database hears NOTIFY. */
  listen?: (channel: string, handlers: ChannelHandlers) => Promise<Subscription>;
  close(): Promise<void>;
};

export type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** The database a configuration names: the PostgreSQL server in DATABASE_URL, else the embedded one. */
export function databaseTarget(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir };
}

/** Where the embedded database lives inside the product's data directory. */
export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, 'pglite');
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    // JIT compilation off for our sessions: every statement here is a short lookup, and the planner's cost for one
    // with correlated subqueries (a dated search: decision 048) passes the JIT threshold, which then spent seconds
    // compiling a query that runs in milliseconds. A server's own jit setting is left alone for everyone else.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, options: '-c jit=off' });
    // An idle client losing its connection must not take the process down; the pool replaces it.
    pool.on('error', () => {});
    await pool.query('select 1');
    return {
      db: drizzlePostgres(pool, { schema }),
      kind: 'postgres',
      listen: (channel, handlers) => listenToChannel(target.url, channel, handlers),
      close: () => pool.end(),
    };
  }
  const dir = pgliteDirectory(target.dataDir);
  await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { btree_gist, pg_trgm, unaccent } });
  return { db: drizzlePglite(client, { schema }), kind: 'pglite', close: () => client.close() };
}
