import { Worker } from 'node:worker_threads';
import { todayIn, type IsoDate, type StayRange } from '@staybook/domain';
import type { CalendarAnswer, CalendarJob, CalendarReady } from './calendar-worker.js';
import { CalendarFetchError } from './safe-fetch.js';

/**
 * Reads fetched calendars into blocked nights without ever stalling the server (docs/decisions/040-hostile-calendars.md).
 * Each calendar is read by `parseBlockedNights` in a worker thread of its own: a repeating rule the library would
 * search forever, or one that repeats every minute since 2000, costs that thread, which is ended at the time limit,
 * while the server goes on answering. A new thread per calendar also keeps each calendar's time zones to itself.
 * A few threads run at once; other calendars wait their turn.
 */

export type ReaderLimits = {
  /** How long one calendar may take to read, once its thread has started. */
  timeoutMs: number;
  /** Calendars read at the same time; the rest queue. */
  concurrency: number;
  /** The heap one reading thread may grow to. */
  maxHeapMb: number;
};

export const DEFAULT_READER_LIMITS: ReaderLimits = { timeoutMs: 5_000, concurrency: 2, maxHeapMb: 256 };

export type CalendarReader = {
  /** The nights a calendar's text blocks, or a CalendarFetchError whose message is for the host. */
  read(text: string, options: { timeZone: string; today?: IsoDate }): Promise<StayRange[]>;
  /** Ends every reading thread (their reads fail) and refuses new reads: for shutting down. */
  close(): Promise<void>;
};

// In the compiled build the worker is `calendar-worker.js` beside `server.js`, its own entry point
// (scripts/build-api.mjs); from source it is the TypeScript file beside this one, started through tsx.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = FROM_SOURCE
  ? { url: new URL('../../worker-from-source.mjs', import.meta.url), argv: [new URL('./calendar-worker.ts', import.meta.url).href] }
  : { url: new URL('./calendar-worker.js', import.meta.url), argv: [] };

const TOO_SLOW = (ms: number) => `The calendar took longer than ${ms / 1000} seconds to read, so it was not imported.`;
const TOO_BIG = 'The calendar needs too much memory to read, so it was not imported.';
/** How long a reader thread may take to load before it is taken for broken (the calendar's own limit is separate). */
const STARTUP_LIMIT_MS = 60_000;
const CLOSED = 'The server is shutting down; the calendar will be read again later.';

export function createCalendarReader(limits: ReaderLimits = DEFAULT_READER_LIMITS, log?: (detail: string) => void): CalendarReader {
  const running = new Set<Worker>();
  const waiting: (() => void)[] = [];
  let active = 0;
  let closed = false;

  async function acquire(): Promise<void> {
    if (active < limits.concurrency) {
      active += 1;
      return;
    }
    // The place is handed over by `release`, so `active` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }

  /** Settles once the thread is gone, with what it answered or why it was ended. */
  function readInThread(job: CalendarJob): Promise<StayRange[]> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(WORKER.url, {
        argv: WORKER.argv,
        workerData: job,
        resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
      });
      running.add(worker);
      let outcome: { ranges: StayRange[] } | { error: Error } | null = null;
      const end = (result: NonNullable<typeof outcome>) => {
        outcome ??= result;
        void worker.terminate();
      };
      // The calendar's time limit starts once the thread has loaded the reader, so a busy machine starting threads
      // slowly does not count against the calendar; a thread that never gets that far is ended all the same.
      let timer = setTimeout(() => end({ error: new Error('The calendar reader did not start') }), STARTUP_LIMIT_MS);
      worker.on('message', (answer: CalendarAnswer | CalendarReady) => {
        if ('ready' in answer) {
          clearTimeout(timer);
          timer = setTimeout(() => end({ error: new CalendarFetchError(TOO_SLOW(limits.timeoutMs)) }), limits.timeoutMs);
          return;
        }
        if (answer.ok) return end({ ranges: answer.ranges });
        if (answer.detail) log?.(answer.detail);
        end({ error: answer.message ? new CalendarFetchError(answer.message) : new Error('The calendar reader failed') });
      });
      worker.on('error', (err: Error & { code?: string }) => end({ error: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new CalendarFetchError(TOO_BIG) : err }));
      worker.once('exit', () => {
        clearTimeout(timer);
        running.delete(worker);
        const result = outcome ?? { error: new CalendarFetchError(closed ? CLOSED : 'The calendar could not be read.') };
        if ('ranges' in result) resolve(result.ranges);
        else reject(result.error);
      });
    });
  }

  return {
    async read(text, { timeZone, today = todayIn(timeZone) }) {
      if (closed) throw new CalendarFetchError(CLOSED);
      await acquire();
      try {
        if (closed) throw new CalendarFetchError(CLOSED);
        return await readInThread({ text, timeZone, today });
      } finally {
        release();
      }
    },
    async close() {
      closed = true;
      for (const wake of waiting.splice(0)) wake();
      await Promise.all([...running].map((worker) => worker.terminate()));
    },
  };
}
