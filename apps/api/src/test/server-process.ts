import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const setRoleEntry = fileURLToPath(new URL('../cli/set-role.ts', import.meta.url));

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

export type RunningServer = { url: string; process: ChildProcess; output: () => string; stop(): Promise<number | null> };

/** Starts the real server as `npm start` runs it (minus the web build) and waits until it answers. Tests and `npm run bench` use it. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  // A given PORT is kept (the bench's own ports); otherwise any free one.
  const port = Number(env.PORT) || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    // The address it is opened at is its public one, so its pages are not redirected elsewhere.
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = once(child, 'exit');
  let gone = false;
  void exited.then(() => (gone = true));
  // Ready means answering, whatever the log level says.
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
    if (gone) throw new Error(`The server exited before it was ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      const [code] = await exited;
      return code as number | null;
    },
  };
}

/** Runs `npm run set-role` as an operator would; answers its exit code and what it printed. */
export async function runSetRole(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', setRoleEntry, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const [code] = await once(child, 'exit');
  return { code: code as number | null, output };
}
