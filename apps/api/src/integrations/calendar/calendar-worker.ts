import { parentPort, workerData } from 'node:worker_threads';
import type { CalendarSyncReason } from '@staybook/domain/calendar-sync-reasons';
import { parseBlockedNights } from './parse.js';
import { CalendarFetchError } from './safe-fetch.js';

/**
 * A worker thread reading one calendar (`read-calendar.ts` starts it): what a calendar costs to read is the
 * calendar's to choose, so it is spent here, where the server's event loop does not wait for it and a time
 * limit can end it.
 */

export type CalendarJob = { text: string; timeZone: string; today: string };
export type CalendarAnswer =
  | { ok: true; ranges: { from: string; to: string }[] }
  /** `reason` is for the host; none for a failure of ours, whose `detail` goes to the log. */
  | { ok: false; reason: CalendarSyncReason | null; detail?: string };

/** Sent once the reader's code has loaded: the calendar's time limit counts from here, not from the thread's start. */
export type CalendarReady = { ready: true };

const job = workerData as CalendarJob;
parentPort!.postMessage({ ready: true } satisfies CalendarReady);
let answer: CalendarAnswer;
try {
  answer = { ok: true, ranges: parseBlockedNights(job.text, { timeZone: job.timeZone, today: job.today }) };
} catch (err) {
  answer = err instanceof CalendarFetchError ? { ok: false, reason: err.reason } : { ok: false, reason: null, detail: String((err as Error)?.stack ?? err) };
}
parentPort!.postMessage(answer);
