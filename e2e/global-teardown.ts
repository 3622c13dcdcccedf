import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Playwright runs global teardown before it stops the web servers, and a server must not lose its
 * data directory (or its PostgreSQL database) while it still runs. So the removal waits for the runner's
 * exit, which comes after the servers have been stopped.
 */
export default function globalTeardown(): void {
  const dataRoot = process.env.E2E_DATA_ROOT;
  const postgresDatabase = process.env.E2E_POSTGRES_DATABASE;
  process.once('exit', () => {
    if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
    // An exit handler runs nothing asynchronous: the drop is a process of its own, waited for.
    if (postgresDatabase) {
      spawnSync(process.execPath, ['--import', 'tsx', 'e2e/support/postgres-database.ts', 'drop', postgresDatabase], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        stdio: 'inherit',
      });
    }
  });
}
