import { rmSync } from 'node:fs';

/**
 * Playwright runs global teardown before it stops the web servers, and a server must not lose its
 * data directory while it still runs. So the removal waits for the runner's exit, which comes after
 * the servers have been stopped.
 */
export default function globalTeardown(): void {
  const dataRoot = process.env.E2E_DATA_ROOT;
  if (!dataRoot) return;
  process.once('exit', () => {
    rmSync(dataRoot, { recursive: true, force: true });
  });
}
