import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { outboxDir } from '../integrations/mail/mailer.js';

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
/** The compiled server `npm start` runs (`npm run build:api` makes it). */
const builtServerEntry = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
/** The operator commands (`npm run set-role`, `npm run payouts`), by name. */
const OPERATOR_COMMANDS = {
  'set-role': fileURLToPath(new URL('../cli/set-role.ts', import.meta.url)),
  payouts: fileURLToPath(new URL('../cli/payouts.ts', import.meta.url)),
} as const;

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

/**
 * Starts the real server and waits until it answers. Tests run it from its TypeScript source (through tsx, so a
 * test sees the code as it stands); `built` runs the compiled bundle exactly as `npm start` does, which the bench
 * measures (the caller makes sure the build is current). `nodeArgs` go to Node.js itself (the bench's `--cpu-prof`).
 */
export async function startServer(
  env: Record<string, string>,
  { nodeArgs = [], built = false }: { nodeArgs?: string[]; built?: boolean } = {},
): Promise<RunningServer> {
  // A given PORT is kept (the bench's own ports); otherwise any free one.
  const port = Number(env.PORT) || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, built ? [...nodeArgs, builtServerEntry] : [...nodeArgs, '--import', 'tsx', serverEntry], {
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
  // Ready means answering, whatever the log level says; several processes (SERVER_PROCESSES), all of them answering.
  const several = Number(env.SERVER_PROCESSES ?? 1) > 1;
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) || (several && !output.includes('server processes are ready'))) {
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

/** Starts an operator command (`npm run <name> -- <args>`) as an operator would; what it prints is collected. */
export function spawnOperatorCommand(name: keyof typeof OPERATOR_COMMANDS, args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', OPERATOR_COMMANDS[name], ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

/** Runs an operator command to its end; answers its exit code and what it printed. */
export async function runOperatorCommand(name: keyof typeof OPERATOR_COMMANDS, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnOperatorCommand(name, args, env);
  const [code] = await once(child, 'exit');
  return { code: code as number | null, output: output() };
}

/**
 * The link of the verification mail a server without SMTP_URL wrote to its outbox for `email`, waiting for it.
 * Servers that share a database share its job queue, and the mail goes out from whichever of them claims the
 * job first: give every such server's data directory.
 */
async function verificationLinkInOutbox(dataDirs: readonly string[], email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const dataDir of dataDirs) {
      const names = await readdir(outboxDir(dataDir)).catch(() => [] as string[]);
      for (const name of names) {
        // Quoted-printable: joins the soft line breaks and decodes the escapes (`=3D` is `=`).
        const raw = (await readFile(join(dataDir, 'outbox', name), 'utf8'))
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        if (!raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
        const link = /https?:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+/.exec(raw)?.[0];
        if (link) return link.replaceAll('&amp;', '&');
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification mail for ${email} in ${dataDirs.map(outboxDir).join(', ')}`);
}

/**
 * Signs a person up on a running server as a browser would, opens the link of the verification mail written to
 * the outbox of `dataDirs` (the data directories of every server on the database), then signs them in: answers
 * the session cookie of a verified account.
 */
export async function signUpVerified(
  server: RunningServer,
  dataDirs: string | readonly string[],
  body: { name: string; email: string; password: string; image: string },
): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: server.url };
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const opened = await fetch(await verificationLinkInOutbox(typeof dataDirs === 'string' ? [dataDirs] : dataDirs, body.email), { redirect: 'manual' });
  if (opened.status !== 302 || opened.headers.get('location')?.includes('error=')) {
    throw new Error(`verification failed: ${opened.status} ${opened.headers.get('location')}`);
  }
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: body.email, password: body.password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
