import { z } from 'zod';
import { BadRequestError } from '../errors.js';

/** Where a page ends in a list ordered by a timestamp, then an id: the last row's (ISO, milliseconds, UTC) and its id. */
export type TimeCursor = { at: string; id: string };

export function encodeTimeCursor(cursor: TimeCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/**
 * The cursor a page handed out, or a 400 naming `field` for one the client altered or made up. The time must be one
 * this server writes (it reads back the same): a date that only looks valid, such as 30 February, would otherwise
 * reach the database and fail there.
 */
export function decodeTimeCursor(text: string, field = 'cursor'): TimeCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      if (typeof at === 'string' && isWrittenTime(at) && z.uuid().safeParse(id).success) return { at, id: id as string };
    }
  } catch {
    // Falls through: not base64 JSON at all.
  }
  throw new BadRequestError(/*i18n*/ 'The page cursor is not valid; start again from the first page.', { [field]: 'Invalid cursor' });
}

/** Whether `at` is a time exactly as this server writes one (`Date#toISOString`), so PostgreSQL reads it too. */
export function isWrittenTime(at: string): boolean {
  // Four digits of year, not 0000: a signed six-digit year ('+275760-09-13…') is JavaScript's, not PostgreSQL's.
  if (!/^\d{4}-/.test(at) || at.startsWith('0000')) return false;
  const time = new Date(at);
  return !Number.isNaN(time.getTime()) && time.toISOString() === at;
}
