import { Worker } from 'node:worker_threads';
import { todayIn, type IsoDate, type StayRange } from '@staybook/domain';
import type { CalendarSyncReason } from '@staybook/domain/calendar-sync-reasons';
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
  /**
   * How long a thread may take to load the reader before it is taken for broken and ended. A busy machine starting
   * threads slowly does not count against the calendar: its own limit, `timeoutMs`, starts once the reader is loaded.
   */
  startupMs: number;
  /** How long one calendar may take to read, once its thread has loaded the reader. */
  timeoutMs: number;
  /** Calendars read at the same time; the rest queue. */
  concurrency: number;
  /** The heap one reading thread may grow to. */
  maxHeapMb: number;
};

/**
 * A compiled reader thread loads in about 0.1 s; from source (tsx compiling the reader) in about 0.5 s, and 2 to 3 s
 * with four starting at once on two busy cores. The startup limit leaves room for the slowest of those and is no
 * longer: a host's 'Sync now' waits that long for a thread that fails to start.
 */
export const DEFAULT_READER_LIMITS: ReaderLimits = { startupMs: 10_000, timeoutMs: 5_000, concurrency: 2, maxHeapMb: 256 };

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

const TOO_SLOW = (ms: number): CalendarSyncReason => ({ code: 'tooSlow', fact: String(ms / 1000) });
const TOO_BIG: CalendarSyncReason = { code: 'tooMuchMemory' };
/** Our failure, not the calendar's: for the log (the host reads that the calendar could not be read). */
const NOT_STARTED = (ms: number) => `The calendar reader did not start within ${ms} ms.`;
const CLOSED: CalendarSyncReason = { code: 'shuttingDown' };

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
      // The calendar's time limit starts once the thread has loaded the reader; a thread that never gets that far is
      // ended all the same.
      let timer = setTimeout(() => end({ error: new Error(NOT_STARTED(limits.startupMs)) }), limits.startupMs);
      worker.on('message', (answer: CalendarAnswer | CalendarReady) => {
        if ('ready' in answer) {
          clearTimeout(timer);
          timer = setTimeout(() => end({ error: new CalendarFetchError(TOO_SLOW(limits.timeoutMs)) }), limits.timeoutMs);
          return;
        }
        if (answer.ok) return end({ ranges: answer.ranges });
        if (answer.detail) log?.(answer.detail);
        end({ error: answer.reason ? new CalendarFetchError(answer.reason) : new Error('The calendar reader failed') });
      });
      worker.on('error', (err: Error & { code?: string }) => end({ error: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new CalendarFetchError(TOO_BIG) : err }));
      worker.once('exit', () => {
        clearTimeout(timer);
        running.delete(worker);
        const result = outcome ?? { error: new CalendarFetchError(closed ? CLOSED : { code: 'notRead' }) };
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
