import { z } from 'zod';

/**
 * How every list the API answers in pages is asked for and answered: `limit` from 1 to 100 (the list's own page size
 * when absent), and a page of items with the cursor of the next page (null on the last).
 */

/** A list's `limit` query value: 1-100, `pageSize` when the request gives none. */
export function pageLimitSchema(pageSize: number) {
  return z.coerce.number().int().min(1).max(100).default(pageSize);
}

/**
 * How a list is asked for a page: `cursor`, the `nextCursor` of the page before (none for the first page; at most
 * `cursorMax` characters, as long as the list's cursors can be), and `limit`.
 */
export function pageQuerySchema(pageSize: number, cursorMax: number) {
  return z.object({ cursor: z.string().max(cursorMax).optional(), limit: pageLimitSchema(pageSize) });
}

/** One page of a list: its items, and the cursor that asks for the page after it (null on the last page). */
export function cursorPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
