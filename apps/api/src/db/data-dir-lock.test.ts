import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';

async function processState(pid: number): Promise<string | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat?.slice(stat.lastIndexOf(')') + 2).charAt(0);
}

/**
 * A parent that starts a child which exits at once, and never collects it: the child stays a zombie (its id
 * still answers signals) for as long as the parent lives. Perl (always there on Debian) never reaps on its own.
 */
async function startZombieParent(): Promise<{ parent: ChildProcess; zombie: number }> {
  const script = '$| = 1; my $pid = fork(); exit 0 if $pid == 0; print "$pid\\n"; sleep 300;';
  const parent = spawn('perl', ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
  const zombie = Number.parseInt(line.toString(), 10);
  while ((await processState(zombie)) !== 'Z') await new Promise((resolve) => setTimeout(resolve, 20));
  return { parent, zombie };
}

describe('data directory lock', () => {
  let dir: string;
  let parent: ChildProcess;
  let zombie: number;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'staybook-lock-'));
    ({ parent, zombie } = await startZombieParent());
  });
  afterAll(async () => {
    const exited = once(parent, 'exit');
    parent.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  });

  const lockFile = () => join(dir, 'server.lock');

  it('refuses while a live process holds it', async () => {
    await writeFile(lockFile(), String(parent.pid));
    const refused = await lockDataDir(dir).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as DataDirInUseError).pid).toBe(parent.pid);
    expect(await readFile(lockFile(), 'utf8')).toBe(String(parent.pid));
  });

  it('takes over a lock whose owner exited but was never collected (a zombie)', async () => {
    expect(await processState(zombie)).toBe('Z');
    await writeFile(lockFile(), String(zombie));
    const lock = await lockDataDir(dir);
    expect(await readFile(lockFile(), 'utf8')).toBe(String(process.pid));
    await lock.release();
  });

  it('takes over a lock whose owner is gone', async () => {
    const gone = spawn('true');
    await once(gone, 'exit');
    await writeFile(lockFile(), String(gone.pid));
    const lock = await lockDataDir(dir);
    expect(await readFile(lockFile(), 'utf8')).toBe(String(process.pid));
    await lock.release();
  });
});
