import type { Browser, Page } from '@playwright/test';

/**
 * The main thread's work while a page loads, as a phone would feel it (docs/decisions/064-main-thread-budget.md).
 *
 * The browser's own trace gives each task of the page's main thread with its thread time: the CPU it used, which a
 * machine busy with other work does not stretch (a task's wall time does: under the run's load it varied by three
 * times from one load to the next). A phone's CPU is taken as four times slower, as Lighthouse's mobile profile
 * takes it, so a task blocks a phone for four times its thread time. A fixed reference workload, run in the same
 * page and traced the same way, says how fast this machine is: figures are compared as multiples of it.
 */

/** Lighthouse's mobile profile takes a phone's CPU as this many times slower. */
export const PHONE_SLOWDOWN = 4;
/** A task longer than this on the phone blocks input (the Long Tasks definition). */
const LONG_TASK_MS = 50;

export type MainThreadFigures = {
  /** The longest task, in ms on the phone. */
  longestMs: number;
  /** Total blocking time on the phone: each long task's time past 50 ms, summed. */
  blockingMs: number;
  /** The reference workload, in ms on the phone (the median of its runs). */
  referenceMs: number;
  /** Tasks that are long on the phone. */
  tasks: number;
};

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; data?: unknown } };

const REFERENCE_MARK = 'staybook-reference-workload';

/**
 * The reference: hashing and sorting numbers, always the same amount (a few ms of CPU on this kind of machine). It
 * allocates almost nothing, so no garbage collection lands in one run and not the next: its time is the CPU's alone.
 */
function referenceWorkload(mark: string): void {
  console.timeStamp(mark);
  let hash = 2_166_136_261;
  const numbers = new Float64Array(60_000);
  for (let i = 0; i < numbers.length; i++) {
    hash = Math.imul(hash ^ (i & 0xff), 16_777_619);
    numbers[i] = hash;
  }
  numbers.sort();
  for (let round = 0; round < 40; round++) for (let i = 0; i < numbers.length; i += 7) hash = Math.imul(hash ^ (numbers[i] as number), 16_777_619);
  if (hash === 0.5) throw new Error('unreachable');
}

/** Waits for the main thread to have had two idle periods in a row: the page's load, hydration and idle work are done. */
async function mainThreadSettled(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 10_000 })));
  }
}

/**
 * Loads `path` in `page` under the browser's trace, waits for `ready` and for the main thread to go idle, runs the
 * reference workload five times, and answers the page's figures on a phone.
 */
async function traceLoad(browser: Browser, page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<MainThreadFigures> {
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  let trace: Buffer;
  try {
    await page.goto(path);
    await ready(page);
    await mainThreadSettled(page);
    for (let i = 0; i < 5; i++) await page.evaluate(referenceWorkload, REFERENCE_MARK);
  } finally {
    trace = await browser.stopTracing();
  }
  return figuresOf((JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
}

/** How many first visits a page's figures are taken from. */
const VISITS = 5;

/** A figure of one visit beside that visit's reference: their ratio is what the budget bounds. */
export type Figure = { ms: number; referenceMs: number };

/** A page's figures over its first visits: each the visit with its least ratio to the reference. */
export type PageFigures = { longest: Figure; blocking: Figure; tasks: number };

/**
 * The page's figures over five first visits (each in a browser context of its own, so nothing is cached): for each
 * figure, the visit where it was the least multiple of that visit's own reference. The machine's speed drifts from
 * one second to the next (a virtual machine's thread time also counts the moments its host ran something else), so
 * a figure is only ever compared with the reference timed right after it; and another process only ever adds to a
 * task's time, so the least of a few visits is the closest to what the page itself costs.
 */
export async function firstVisitFigures(
  browser: Browser,
  path: string,
  { prepare, ready }: { prepare?: (page: Page) => Promise<void>; ready: (page: Page) => Promise<void> },
): Promise<PageFigures> {
  const visits: MainThreadFigures[] = [];
  for (let i = 0; i < VISITS; i++) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await prepare?.(page);
      visits.push(await traceLoad(browser, page, path, ready));
    } finally {
      await context.close();
    }
  }
  const least = (figure: 'longestMs' | 'blockingMs'): Figure => {
    const best = visits.reduce((a, b) => (b[figure] / b.referenceMs < a[figure] / a.referenceMs ? b : a));
    return { ms: best[figure], referenceMs: best.referenceMs };
  };
  return { longest: least('longestMs'), blocking: least('blockingMs'), tasks: Math.min(...visits.map((visit) => visit.tasks)) };
}

function figuresOf(events: TraceEvent[]): MainThreadFigures {
  const marks = events.filter((e) => e.name === 'TimeStamp' && JSON.stringify(e.args ?? {}).includes(REFERENCE_MARK));
  if (marks.length === 0) throw new Error('The trace holds no run of the reference workload');
  // The page's main thread: the one the reference ran on (the same renderer loaded the page).
  const { pid, tid } = marks[0] as TraceEvent;
  // A task still running when the trace started or stopped has no thread time: none of the page's load is such.
  const tasks = events.filter(
    (e) => e.pid === pid && e.tid === tid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.tdur !== undefined,
  );
  if (tasks.length === 0) throw new Error('The trace has no thread times for the main thread');
  const phoneMs = (task: TraceEvent) => ((task.tdur as number) / 1000) * PHONE_SLOWDOWN;
  const containing = (mark: TraceEvent) =>
    tasks.filter((task) => task.ts <= mark.ts && mark.ts <= task.ts + (task.dur ?? 0)).sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  const referenceTasks = marks.map(containing).filter((task): task is TraceEvent => task !== undefined);
  const reference = referenceTasks.map(phoneMs).sort((a, b) => a - b);
  const firstReference = Math.min(...referenceTasks.map((task) => task.ts));
  // The page's own tasks: from its load to the first reference run (nested trace events of one task are one task).
  const pageTasks: TraceEvent[] = [];
  let outerEnd = -Infinity;
  for (const task of tasks.filter((t) => t.ts < firstReference).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    const end = task.ts + (task.dur ?? 0);
    if (end <= outerEnd) continue;
    pageTasks.push(task);
    outerEnd = end;
  }
  // The test's own scripts (Playwright's, run through the DevTools protocol to find elements and to wait) run on the
  // page's main thread too: an `EvaluateScript` that names no script of the page. Their time is not the page's.
  const driverScripts = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'EvaluateScript' && !e.args?.data && e.tdur !== undefined);
  const pageMs = (task: TraceEvent) => {
    const end = task.ts + (task.dur ?? 0);
    const driverUs = driverScripts.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end).reduce((sum, e) => sum + (e.tdur as number), 0);
    return (((task.tdur as number) - driverUs) / 1000) * PHONE_SLOWDOWN;
  };
  const long = pageTasks.map(pageMs).filter((ms) => ms > LONG_TASK_MS);
  return {
    longestMs: Math.max(0, ...long),
    blockingMs: long.reduce((sum, ms) => sum + (ms - LONG_TASK_MS), 0),
    referenceMs: reference[Math.floor(reference.length / 2)] as number,
    tasks: long.length,
  };
}
