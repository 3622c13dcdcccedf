import { syncDueImports, type CalendarDeps } from './calendar.service.js';
import { periodicPass, type PeriodicPass } from '../../periodic.js';

/** How often each server looks for imports that are due (each import is due every CALENDAR_SYNC_MINUTES). */
export const CALENDAR_POLL_MS = 60_000;

export type CalendarSync = PeriodicPass & {
  /** One pass now: fetches the due imports (tests call it instead of waiting). */
  runDue(): Promise<number>;
};

/**
 * Fetches imported calendars on their schedule, in every server process: each pass claims due imports with
 * `for update skip locked`, so servers share the work and never fetch the same one at once.
 */
export function createCalendarSync(deps: CalendarDeps, pollMs = CALENDAR_POLL_MS): CalendarSync {
  const schedule = periodicPass(() => syncDueImports(deps), {
    intervalMs: pollMs,
    onError: (err) => deps.log.error({ err }, 'calendar sync pass failed'),
  });
  return { runDue: () => syncDueImports(deps), ...schedule };
}
