/**
 * A part of a server process that works in the background between its start and its stop (the job worker, the
 * listing cache and its notices from other servers). `stop` waits for the work in progress.
 */
export type ProcessPart = {
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** A pass a server process runs on a schedule (sweepers, calendar sync): started and stopped with the process. */
export type PeriodicPass = {
  start(): void;
  /** Stops the schedule and waits for a pass in progress. */
  stop(): Promise<void>;
};

/**
 * Runs `pass` every `intervalMs` (and once at start when `runAtStart`), never two at once: a tick that finds the
 * last pass still running lets it be. A failed pass goes to `onError`; the next tick runs as usual. The timer does
 * not keep the process alive.
 */
export function periodicPass(
  pass: () => Promise<unknown>,
  { intervalMs, onError, runAtStart = false }: { intervalMs: number; onError: (err: unknown) => void; runAtStart?: boolean },
): PeriodicPass {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = pass()
      .catch(onError)
      .finally(() => (running = null));
  };
  return {
    start() {
      if (timer) return;
      if (runAtStart) tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
