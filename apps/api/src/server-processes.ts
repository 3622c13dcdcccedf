import cluster, { type Worker } from 'node:cluster';

/**
 * The first process of a start with SERVER_PROCESSES above one (docs/decisions/068-server-processes.md): it serves
 * nothing itself. It starts that many server processes, which share its port (Node's cluster module hands each new
 * connection to the next process in turn), and looks after them:
 * - one that fails while starting stops the start: the others are stopped and this process exits with 1 (the
 *   failing process has printed why, as a single server does);
 * - one that stops later is replaced after a second, unless they keep stopping (more than RESTARTS_ALLOWED in a
 *   minute), which stops everything with 1 rather than loop;
 * - SIGTERM or SIGINT is passed on to every process, and this one exits when they all have (0 when they all
 *   finished cleanly).
 * Each process is a whole server on the shared PostgreSQL database, as several servers behind a load balancer are
 * (docs/decisions/020-several-servers.md).
 */
const RESTARTS_ALLOWED = 5;
const RESTART_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1_000;

export function superviseServerProcesses(count: number, { entry, onExit }: { entry: string; onExit: (code: number) => Promise<void> }): void {
  cluster.setupPrimary({ exec: entry });
  const listening = new Set<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    finishIfAllGone();
  };
  let finishing = false;
  const finishIfAllGone = () => {
    if (finishing || !stopping || Object.keys(cluster.workers ?? {}).length > 0) return;
    finishing = true;
    void onExit(exitCode).finally(() => process.exit(exitCode));
  };
  let allReady = false;
  const start = () => {
    const worker = cluster.fork();
    worker.on('listening', () => {
      listening.add(worker);
      if (allReady || listening.size < count) return;
      allReady = true;
      // Printed whatever LOG_LEVEL says: a script starting the server waits for it.
      console.log(`All ${count} server processes are ready.`);
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const started = listening.delete(worker);
    if (code !== 0 && code !== null) exitCode = 1;
    if (stopping) return finishIfAllGone();
    if (!started) {
      console.error(`A server process (pid ${worker.process.pid}) could not start: stopping the others.`);
      exitCode = 1;
      return stopAll('SIGTERM');
    }
    const now = Date.now();
    while (restarts.length > 0 && (restarts[0] as number) < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= RESTARTS_ALLOWED) {
      console.error(`Server processes stopped ${restarts.length + 1} times within a minute: stopping the others.`);
      exitCode = 1;
      return stopAll('SIGTERM');
    }
    restarts.push(now);
    console.error(`A server process (pid ${worker.process.pid}) stopped (${signal ?? `exit code ${code}`}): starting another in a second.`);
    setTimeout(() => {
      if (!stopping) start();
    }, RESTART_DELAY_MS);
  });

  // Under `npm start` a Ctrl-C reaches every process of the group, and each server takes a repeat of the same stop.
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGINT'));

  for (let i = 0; i < count; i++) start();
}
