import { syncDueImports, type CalendarDeps } from './calendar.service.js';

/** How often each server looks for imports that are due (each import is due every CALENDAR_SYNC_MINUTES). */
export const CALENDAR_POLL_MS = 60_000;

export type CalendarSync = {
  /** One pass now: fetches the due imports (tests call it instead of waiting). */
  runDue(): Promise<number>;
  start(): void;
  /** Stops the interval and waits for a pass in progress. */
  stop(): Promise<void>;
};

/**
 * Fetches imported calendars on their schedule, in every server process: each pass claims due imports with
 * `for update skip locked`, so servers share the work and never fetch the same one at once.
 */
export function createCalendarSync(deps: CalendarDeps, pollMs = CALENDAR_POLL_MS): CalendarSync {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = syncDueImports(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'calendar sync pass failed'))
      .finally(() => (running = null));
  };
  return {
    runDue: () => syncDueImports(deps),
    start() {
      timer ??= setInterval(tick, pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
