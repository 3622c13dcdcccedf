import { z } from 'zod';
import { i18n } from './locale.js';
import { CALENDAR_SYNC_REASON_CODES } from './calendar-sync-reasons.js';

/**
 * Calendar sync (docs/decisions/030-calendar-sync.md): each listing's private export URL, and the other sites'
 * calendars its host imports so their bookings block nights here.
 */

/** At most this many imported calendars per listing. */
export const MAX_CALENDAR_IMPORTS = 10;
export const MAX_CALENDAR_URL_LENGTH = 2_000;

export const calendarImportIdSchema = z.uuid({ message: 'Calendar import id is malformed' });

/** What 'Import calendar URL' takes: another site's .ics export, by http or https. */
export const calendarImportInputSchema = z.object({
  url: z
    .string({ error: () => i18n.t('Enter the calendar address') })
    .trim()
    .min(1, { error: () => i18n.t('Enter the calendar address') })
    // The limit as the English always wrote it ('2000'), as Spanish writes a number of four digits too.
    .max(MAX_CALENDAR_URL_LENGTH, { error: () => i18n.t('The address can be at most {max} characters', { max: String(MAX_CALENDAR_URL_LENGTH) }) })
    .regex(/^https?:\/\/[^\s/?#]+\S*$/i, { error: () => i18n.t('Enter a web address starting with https:// or http://') }),
});
export type CalendarImportInput = z.infer<typeof calendarImportInputSchema>;

/** One imported calendar with the outcome of its last fetch, for the host. */
export const calendarImportSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The last fetch that worked (its events are what blocks nights now), or null before any. */
  lastSyncedAt: z.nullable(z.string()),
  lastFetchedAt: z.nullable(z.string()),
  /** Why the last fetch did not work, in words for the host (English); null when it did. */
  lastError: z.nullable(z.string()),
  /**
   * The same reason as its code and the value its sentence names, for a page to write it in its language
   * (`calendarSyncReasonSentence`); null when the fetch worked, or failed before the reason was kept (then `lastError`).
   */
  lastErrorReason: z.nullable(z.object({ code: z.enum(CALENDAR_SYNC_REASON_CODES), fact: z.optional(z.string()) })),
  /** How many stays the last good fetch blocked. */
  blockCount: z.number(),
});
export type CalendarImport = z.infer<typeof calendarImportSchema>;

/** A listing's calendar sync: the export URL other sites subscribe to, and the calendars it imports. */
export const roomCalendarSchema = z.object({
  exportUrl: z.string(),
  imports: z.array(calendarImportSchema),
});
export type RoomCalendar = z.infer<typeof roomCalendarSchema>;
