import { countText, i18n } from './locale.js';

/**
 * Why calendar sync could not fetch or read another site's calendar, or refused an address (decision 062). The API
 * writes these in English, keeps a failed fetch's as the import's last error (`lastError`) beside its code and fact
 * (`lastErrorReason`, which a page writes with `calendarSyncReasonSentence`), and answers a refused address's as its
 * `url` field; a page in another language writes the English again with `calendarSyncReasonText`.
 *
 * The sentences that name nothing are marked for the catalog and read through `i18n.known`.
 */
export const CALENDAR_SYNC_MESSAGES = {
  notHttp: /*i18n*/ 'Only http:// and https:// calendar addresses can be imported.',
  withCredentials: /*i18n*/ 'Calendar addresses with a user name or password cannot be imported.',
  privateNetwork: /*i18n*/ 'This calendar address points to a private or local network, which StayBook does not fetch from.',
  notAnAddress: /*i18n*/ 'This is not a web address.',
  tooManyRedirects: /*i18n*/ 'The calendar address redirects too many times.',
  notFetched: /*i18n*/ 'The calendar could not be fetched from the other site.',
  unreachable: /*i18n*/ 'The other site could not be reached.',
  notACalendar: /*i18n*/ 'The address did not give a calendar in iCalendar (.ics) format.',
  repeatsTooOften: /*i18n*/ 'The calendar has events that repeat too often to read, so it was not imported.',
  tooMuchMemory: /*i18n*/ 'The calendar needs too much memory to read, so it was not imported.',
  shuttingDown: /*i18n*/ 'The server is shutting down; the calendar will be read again later.',
  notRead: /*i18n*/ 'The calendar could not be read.',
} as const;

/**
 * The sentences around a value, each written from its facts when asked (the server's English; a page's language).
 * A status code and a count of events or calendars are written as the English always had them ('5000'), which is
 * also how Spanish writes a number of four digits; seconds and megabytes in the page's numbers.
 */
export const calendarSyncReasons = {
  hostNotFound: (host: string) => i18n.t('The address {host} could not be found.', { host }),
  httpStatus: (status: number) => i18n.t('The other site answered with HTTP status {status}.', { status: String(status) }),
  noAnswer: (seconds: number) => i18n.t('The other site did not answer within {seconds} seconds.', { seconds: countText(seconds) }),
  tooLarge: (megabytes: number) => i18n.t('The calendar is larger than {megabytes} MB, so it was not imported.', { megabytes: countText(megabytes) }),
  tooManyEvents: (max: number) => i18n.t('The calendar has more than {max} events, so it was not imported.', { max: String(max) }),
  tooSlow: (seconds: number) =>
    i18n.t('The calendar took longer than {seconds} seconds to read, so it was not imported.', { seconds: countText(seconds) }),
  tooManyImports: (max: number) => i18n.t('A room can import at most {max} calendars. Remove one first.', { max: String(max) }),
};

/** A reason's code: one of the sentences that name nothing, or one of those around a value. */
export type CalendarSyncReasonCode = keyof typeof CALENDAR_SYNC_MESSAGES | keyof typeof calendarSyncReasons;

/**
 * A reason as the API keeps and answers it (an import's `lastErrorReason`, stored since migration 0034): its code, and
 * for a sentence around a value that value as text (a host name, or the digits of a status, a count or a limit).
 */
export type CalendarSyncReason = { code: CalendarSyncReasonCode; fact?: string | undefined };

/** Every code, for the API reference's enum. */
export const CALENDAR_SYNC_REASON_CODES = [...Object.keys(CALENDAR_SYNC_MESSAGES), ...Object.keys(calendarSyncReasons)] as [
  CalendarSyncReasonCode,
  ...CalendarSyncReasonCode[],
];

const NUMBER = /^\d+(?:\.\d+)?$/;

/**
 * A reason's sentence in the active language (the server's English, or a page's), or null when its fact is missing
 * or not what its sentence names (a stored reason a later release no longer writes).
 */
export function calendarSyncReasonSentence({ code, fact }: CalendarSyncReason): string | null {
  if (Object.hasOwn(CALENDAR_SYNC_MESSAGES, code)) return i18n.known(CALENDAR_SYNC_MESSAGES[code as keyof typeof CALENDAR_SYNC_MESSAGES]);
  if (!Object.hasOwn(calendarSyncReasons, code) || fact === undefined || fact === '') return null;
  if (code === 'hostNotFound') return calendarSyncReasons.hostNotFound(fact);
  return NUMBER.test(fact) ? calendarSyncReasons[code as Exclude<keyof typeof calendarSyncReasons, 'hostNotFound'>](Number(fact)) : null;
}

/** Each sentence around a value as the API writes it in English, with the writer that takes its one fact. */
const ENGLISH_REASONS: readonly [RegExp, (fact: string) => string][] = [
  [/^The address (.+) could not be found\.$/, (host) => calendarSyncReasons.hostNotFound(host)],
  [/^The other site answered with HTTP status (\d+)\.$/, (status) => calendarSyncReasons.httpStatus(Number(status))],
  [/^The other site did not answer within (\d+(?:\.\d+)?) seconds\.$/, (seconds) => calendarSyncReasons.noAnswer(Number(seconds))],
  [/^The calendar is larger than (\d+) MB, so it was not imported\.$/, (megabytes) => calendarSyncReasons.tooLarge(Number(megabytes))],
  [/^The calendar has more than (\d+) events, so it was not imported\.$/, (max) => calendarSyncReasons.tooManyEvents(Number(max))],
  [/^The calendar took longer than (\d+(?:\.\d+)?) seconds to read, so it was not imported\.$/, (seconds) => calendarSyncReasons.tooSlow(Number(seconds))],
  [/^A room can import at most (\d+) calendars\. Remove one first\.$/, (max) => calendarSyncReasons.tooManyImports(Number(max))],
];

/**
 * A reason the API gave in English (a refused address's `url` message; an import's `lastError` stored before
 * migration 0034 kept its code) in the page's language: a sentence around a value is read back into its fact and
 * written again, one that names nothing is looked up in the catalog, and anything else shows as it came. Reasons
 * stored before a release read the same way, since the English they were written in is the English above.
 */
export function calendarSyncReasonText(english: string): string {
  for (const [pattern, write] of ENGLISH_REASONS) {
    const fact = pattern.exec(english)?.[1];
    if (fact !== undefined) return write(fact);
  }
  return i18n.known(english);
}

/**
 * Why an import's last fetch failed, in the active language: written from its kept reason (since migration 0034), else
 * read back from its English (a failure recorded before, or a reason this release cannot write); null when it worked.
 */
export function lastErrorText({ lastError, lastErrorReason }: { lastError: string | null; lastErrorReason: CalendarSyncReason | null }): string | null {
  if (lastError === null) return null;
  return (lastErrorReason && calendarSyncReasonSentence(lastErrorReason)) ?? calendarSyncReasonText(lastError);
}
