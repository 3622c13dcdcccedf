import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServerDatabase } from './test/databases.js';
import { describeNeeding, SERVER_DATABASE } from './test/needs.js';
import { startServer, type RunningServer } from './test/server-process.js';

/** The processes whose parent is `pid`, from /proc (Linux). */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // The fields after the command's closing parenthesis: state, then the parent's pid.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) children.push(Number(name));
  }
  return children;
}

/** The server processes (node, not the TypeScript loader's helper) `server` started. */
async function serverProcesses(server: RunningServer): Promise<number[]> {
  const pids = await childrenOf(server.process.pid as number);
  const commands = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')));
  return pids.filter((_pid, i) => commands[i]?.includes('server.ts'));
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * SERVER_PROCESSES (docs/decisions/068-server-processes.md): the first process starts that many servers on its port,
 * replaces one that stops, and passes a stop on to all of them.
 */
describeNeeding(SERVER_DATABASE, 'several server processes on one port (TEST_DATABASE_URL)', { timeout: 300_000 }, () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createServerDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'staybook-processes-'));
    server = await startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO: '0', SERVER_PROCESSES: '2' });
  });
  afterAll(async () => {
    if (server.process.exitCode === null) await server.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts two servers that both answer on the one port, replaces one that stops, and stops them all on SIGTERM', async () => {
    const first = await serverProcesses(server);
    expect(first).toHaveLength(2);
    // Each connection goes to the next process in turn: requests on fresh connections reach both.
    const answeredBy = new Set<number>();
    for (let i = 0; i < 20 && answeredBy.size < 2; i++) {
      const res = await fetch(`${server.url}/api/rooms`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      await res.text();
      for (const line of server.output().split('\n')) {
        const pid = /"pid":(\d+).*"msg":"request completed"/.exec(line)?.[1];
        if (pid) answeredBy.add(Number(pid));
      }
    }
    expect([...answeredBy].sort()).toEqual([...first].sort());

    // One stops as if it crashed: another takes its place.
    process.kill(first[0] as number, 'SIGKILL');
    await until(async () => {
      const now = await serverProcesses(server);
      return now.length === 2 && !now.includes(first[0] as number);
    });
    expect(server.output()).toMatch(/A server process \(pid \d+\) stopped \(SIGKILL\): starting another in a second\./);
    await until(async () => (await fetch(`${server.url}/api/health`).catch(() => null))?.status === 200);

    const replaced = await serverProcesses(server);
    expect(await server.stop()).toBe(0);
    for (const pid of replaced) expect(await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null)).toBeNull();
  });

  it('stops with exit code 1, saying so, when the servers cannot start', async () => {
    const missing = new URL(database.url);
    missing.pathname = `${missing.pathname}_missing`;
    const elsewhere = await mkdtemp(join(tmpdir(), 'staybook-processes-'));
    try {
      const failing = startServer({ DATABASE_URL: missing.toString(), DATA_DIR: elsewhere, SEED_DEMO: '0', SERVER_PROCESSES: '2' });
      await expect(failing).rejects.toThrow(/could not start: stopping the others/);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
