import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { refusalText, type RefusalFacts } from '@staybook/domain/refusals';
import { ConflictError, NotFoundError } from '../errors.js';
import { withTransaction, type Db } from './client.js';
import { users } from './schema.js';

type OwnedTable = PgTable & { id: PgColumn; createdAt: PgColumn };
/** Drizzle cannot work out what a select from a table it knows only as a type parameter answers: the helpers say. */
type RowOf<T extends OwnedTable> = T['$inferSelect'];
/** The refusals that say a person holds the most records of a kind one can have; their facts are that cap. */
type TooManyRefusal = Extract<RefusalFacts, { max: string }>['refusal'];

/**
 * A kind of record people keep a few of for themselves (access tokens, webhook endpoints; decision 056): listed
 * oldest first, at most `max` each, and read or removed by their owner only: anyone else's is not found. One more past
 * `max` is refused with `tooMany`, its facts (and so its sentence) written from `max`.
 */
export function ownedRecords<T extends OwnedTable>(
  table: T,
  owner: PgColumn,
  { max, tooMany, notFound }: { max: number; tooMany: TooManyRefusal; notFound: string },
) {
  const tooManyFacts: RefusalFacts = { refusal: tooMany, max: String(max) };
  const theirs = (ownerId: string, id?: string) => (id === undefined ? eq(owner, ownerId) : and(eq(table.id, id), eq(owner, ownerId)));
  return {
    async list(db: Db, ownerId: string): Promise<RowOf<T>[]> {
      const rows = await db.select().from(table as OwnedTable).where(theirs(ownerId)).orderBy(asc(table.createdAt), asc(table.id));
      return rows as RowOf<T>[];
    },

    /**
     * Adds one (`insert`, in the transaction) unless the owner holds `max` already. The owner's row is locked while
     * theirs are counted, so adding several at once takes turns and the cap holds (a count and an insert alone would
     * let each of them see room for one more).
     */
    async add<R>(db: Db, ownerId: string, insert: (tx: Db) => Promise<R>): Promise<R> {
      return withTransaction(db, async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
        if ((await tx.$count(table, theirs(ownerId))) >= max) throw new ConflictError(refusalText(tooManyFacts), tooManyFacts);
        return insert(tx);
      });
    },

    async find(db: Db, ownerId: string, id: string): Promise<RowOf<T>> {
      const [row] = await db.select().from(table as OwnedTable).where(theirs(ownerId, id));
      if (!row) throw new NotFoundError(notFound);
      return row as RowOf<T>;
    },

    async remove(db: Db, ownerId: string, id: string): Promise<void> {
      const removed = await db.delete(table).where(theirs(ownerId, id)).returning({ id: table.id });
      if (removed.length === 0) throw new NotFoundError(notFound);
    },
  };
}
