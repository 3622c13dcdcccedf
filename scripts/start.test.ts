import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../apps/api/src/test/server-process.js';

/**
 * `npm start` as a person or a process manager stops it: whoever gets the signal, npm or its whole process group,
 * the server finishes gracefully and nothing of the run is left behind.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

type Run = { npm: ChildProcess; dataDir: string; url: string; exited: Promise<[number | null, NodeJS.Signals | null]>; output: () => string };

const runs: Run[] = [];

/** Starts `npm start` on a fresh, empty data directory and waits until the server answers. */
async function startNpm(): Promise<Run> {
  const dataDir = await mkdtemp(join(tmpdir(), 'staybook-npm-start-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, SEED_DEMO: '0', DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, as a terminal gives a command it runs: the Ctrl-C case signals the whole group.
    detached: true,
  });
  let output = '';
  npm.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  npm.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = once(npm, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let gone = false;
  void exited.then(() => (gone = true));
  const run: Run = { npm, dataDir, url, exited, output: () => output };
  runs.push(run);
  // A stale build is rebuilt first (seconds to a minute); then the server answers.
  while (!(await answers(url))) {
    if (gone) throw new Error(`npm start exited before the server was ready:\n${output}`);
    await sleep(200);
  }
  return run;
}

/**
 * A request the server is in the middle of: its headers are read (the server answered '100 Continue'), its body
 * not yet sent. `finish` sends the body and answers the response's status line.
 */
async function requestInFlight(url: string): Promise<{ finish(): Promise<string> }> {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
  const socket: Socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  const closed = once(socket, 'close');
  socket.on('error', () => {});
  socket.write(
    `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${url}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  while (!received.includes('100 Continue')) {
    if (socket.closed) throw new Error(`the server closed the request: ${received}`);
    await sleep(20);
  }
  const answer = () => /HTTP\/1\.1 [1-5]\d\d [^\r]*/.exec(received.slice(received.indexOf('100 Continue') + '100 Continue'.length))?.[0];
  return {
    async finish() {
      // Not a half-close: the server would take it for the client leaving.
      socket.write(body);
      while (!answer() && !socket.closed) await sleep(20);
      socket.end();
      await closed;
      return answer() ?? `no answer: ${received}`;
    },
  };
}

function answers(url: string): Promise<boolean> {
  return fetch(`${url}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
}

/** The live processes started with this data directory in their environment: everything of one run. */
async function processesOf(dataDir: string): Promise<{ pid: number; command: string }[]> {
  const found: { pid: number; command: string }[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = (await readFile(`/proc/${name}/environ`, 'utf8')).split('\0');
      if (!environ.includes(`DATA_DIR=${dataDir}`)) continue;
      const command = (await readFile(`/proc/${name}/cmdline`, 'utf8')).split('\0').join(' ').trim();
      // A zombie (exited, not yet reaped) has no command line left and runs nothing.
      if (command) found.push({ pid: Number(name), command });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

afterEach(async () => {
  // Whatever a failed case left running, by the ids this run started; then its data.
  for (const run of runs.splice(0)) {
    for (const { pid } of await processesOf(run.dataDir)) process.kill(pid, 'SIGKILL');
    await rm(run.dataDir, { recursive: true, force: true });
  }
});

/** The server's process id: it is among the processes of the run, so the search would find it left behind. */
async function serverOf(run: Run): Promise<number> {
  const found = await processesOf(run.dataDir);
  const server = found.find((p) => /node .*scripts\/start\.mjs/.test(p.command));
  expect(server, found.map((p) => p.command).join('\n')).toBeDefined();
  return server!.pid;
}

describe.skipIf(process.platform !== 'linux')('stopping npm start', { timeout: 600_000 }, () => {
  it('SIGTERM sent to the npm process, as a process manager does, stops the server, and npm exits with it', async () => {
    const run = await startNpm();
    await serverOf(run);

    process.kill(run.npm.pid!, 'SIGTERM');
    const [code] = await run.exited;

    expect(await processesOf(run.dataDir)).toEqual([]);
    expect(await answers(run.url)).toBe(false);
    expect(code, run.output()).toBe(0);
  });

  it('Ctrl-C (SIGINT to the process group) finishes the request in flight, then stops everything', async () => {
    const run = await startNpm();
    const server = await serverOf(run);
    const request = await requestInFlight(run.url);

    process.kill(-run.npm.pid!, 'SIGINT');
    // Closing: it takes no new connection, and waits for the request.
    while (await answers(run.url)) await sleep(50);
    // The terminal signals npm and the server alike, and npm passes its copy on. That copy reaches the server as a
    // second signal when it comes after the first was taken (the kernel merges it with the first only when it is
    // quicker): sent here, so every run has it. It must not cut the request short.
    process.kill(server, 'SIGINT');
    await sleep(500);
    expect(await request.finish()).toMatch(/^HTTP\/1\.1 [2-4]\d\d /);
    const [code] = await run.exited;

    expect(await processesOf(run.dataDir)).toEqual([]);
    expect(code, run.output()).toBe(0);
    expect(run.output()).not.toContain('exiting now');
  });
});
