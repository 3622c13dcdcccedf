import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, parseConfig } from './config.js';
import { freePort } from './test/server-process.js';

/**
 * The deployment files cannot be built here (no image registry), so what can be checked is checked: the compose
 * file sets only variables the server reads, with values it accepts; the Dockerfile starts the compiled entry point,
 * as a non-root user, with a health check on a path the server answers; and that compiled entry point really runs
 * on plain Node (no TypeScript loader), finding its migrations.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFile(join(root, path), 'utf8');

type Service = { build?: unknown; image?: string; environment?: Record<string, string | number> | string[]; depends_on?: Record<string, unknown> };
type BuildScript = {
  API_ENTRY_POINTS: Record<string, string>;
  buildApi(options: { outdir: string }): Promise<string[]>;
};

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((line) => [line.split('=')[0]!, line.slice(line.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
}

/** Compose's `${NAME}`, `${NAME:-default}` and `${NAME:?message}` with the given shell environment. */
function interpolate(value: string, shell: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
    if (shell[name]) return shell[name];
    if (kind === '?') throw new Error(`${name} must be set: ${rest}`);
    return kind === '-' ? (rest ?? '') : '';
  });
}

/** The instructions of the Dockerfile's last stage (the image that runs). */
function finalStage(dockerfile: string): string[] {
  const lines = dockerfile.replace(/\\\n\s*/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const lastFrom = lines.map((l) => /^FROM\s/i.test(l)).lastIndexOf(true);
  return lines.slice(lastFrom);
}

describe('deployment files', () => {
  let compose: { services: Record<string, Service> };
  let composeText: string;
  let appServices: [string, Service][];
  let dockerfile: string;
  let caddyfile: string;
  let build: BuildScript;

  beforeAll(async () => {
    composeText = await read('compose.yaml');
    compose = parse(composeText, { merge: true }) as typeof compose;
    appServices = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);
    dockerfile = await read('Dockerfile');
    caddyfile = await read('deploy/Caddyfile');
    build = (await import(pathToFileURL(join(root, 'scripts/build-api.mjs')).href)) as BuildScript;
  });

  it('runs the app twice from this repository, behind a proxy, with PostgreSQL, Redis, an S3 store and a mail catcher', () => {
    expect(appServices.map(([name]) => name)).toEqual(['app1', 'app2']);
    const images = Object.values(compose.services).map((s) => s.image ?? '');
    for (const part of ['caddy', 'postgres', 'redis', 'minio/minio', 'mailpit']) expect(images.some((i) => i.includes(part)), part).toBe(true);
    // The proxy sends traffic to both, on the port the image listens on.
    const port = /\bPORT=(\d+)/.exec(finalStage(dockerfile).join('\n'))?.[1];
    expect(port).toBe('3000');
    for (const [name] of appServices) expect(caddyfile).toContain(`${name}:${port}`);
    // The second starts after the first is healthy (migrations and the seed run once).
    expect(appServices[1]![1].depends_on).toMatchObject({ app1: { condition: 'service_healthy' }, postgres: { condition: 'service_healthy' } });
  });

  it('sets only environment variables the server reads, with values its configuration accepts', () => {
    for (const [name, service] of appServices) {
      const env = environmentOf(service);
      expect(Object.keys(env).length, name).toBeGreaterThan(5);
      const unknown = Object.keys(env).filter((key) => !CONFIG_VARIABLES.includes(key));
      expect(unknown, `${name} sets variables the server does not read`).toEqual([]);
      const resolved = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v, { AUTH_SECRET: 'a'.repeat(64) })]));
      const config = parseConfig(resolved);
      expect(config).toMatchObject({ env: 'production', trustProxy: 1, metrics: true, seedDemo: false, publicUrl: 'https://localhost' });
      expect(config.databaseUrl).toMatch(/^postgres:\/\/staybook:[^@]+@postgres:5432\/staybook$/);
      expect(config.smtpUrl).toBe('smtp://mailpit:1025');
      // Production refuses to start without a secret of its own, and compose says so.
      expect(() => interpolate(env.AUTH_SECRET!, {})).toThrow(/AUTH_SECRET must be set/);
    }
  });

  it('adds a streaming replica that both app servers read browsing from (compose.replica.yaml)', async () => {
    const replica = parse(await read('compose.replica.yaml')) as { services: Record<string, Service & { command?: string[]; user?: string }>; volumes: Record<string, unknown> };
    const standby = replica.services['postgres-replica']!;
    expect(standby.image).toBe(compose.services.postgres!.image);
    expect(standby.user).toBe('postgres');
    // A copy of the primary that writes how to follow it, then runs as its standby.
    expect(standby.command!.join(' ')).toMatch(/pg_basebackup --host=postgres --username=replicator [^\n]*--write-recovery-conf/);
    expect(Object.keys(replica.volumes)).toContain('postgres-replica-data');
    expect(environmentOf(replica.services.postgres!)).toHaveProperty('REPLICATION_PASSWORD');
    expect(await read('deploy/postgres-replication.sh')).toMatch(/create role replicator with replication login[\s\S]*host replication replicator all scram-sha-256/);
    for (const [name, service] of appServices) {
      const env = { ...environmentOf(service), ...environmentOf(replica.services[name]!) };
      expect(Object.keys(env).filter((key) => !CONFIG_VARIABLES.includes(key))).toEqual([]);
      const resolved = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v, { AUTH_SECRET: 'a'.repeat(64) })]));
      expect(parseConfig(resolved).databaseReplicaUrl).toMatch(/^postgres:\/\/staybook:[^@]+@postgres-replica:5432\/staybook$/);
    }
  });

  it('documents every variable the server reads in .env.example and the README', async () => {
    const [example, readme] = await Promise.all([read('.env.example'), read('README.md')]);
    expect(CONFIG_VARIABLES.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
    expect(CONFIG_VARIABLES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('leaves no variable the server reads commented out', () => {
    const commented = [...composeText.matchAll(/^\s*#\s*([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(commented.filter((name) => CONFIG_VARIABLES.includes(name))).toEqual([]);
  });

  it('builds in stages and runs the compiled entry point as a non-root user with production dependencies only', () => {
    expect(dockerfile.match(/^FROM\s/gim)?.length).toBeGreaterThanOrEqual(2);
    const stage = finalStage(dockerfile);
    const user = stage.find((l) => /^USER\s/i.test(l))?.split(/\s+/)[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(stage.some((l) => /npm ci\b.*--omit=dev/.test(l))).toBe(true);
    expect(stage.find((l) => /^WORKDIR\s/i.test(l))).toBe('WORKDIR /app');
    const cmd = JSON.parse(stage.find((l) => /^CMD\s/i.test(l))!.replace(/^CMD\s+/i, '')) as string[];
    expect(cmd[0]).toBe('node');
    expect(cmd).not.toContain('tsx');
    expect(cmd.at(-1)).toBe(`apps/api/dist/${Object.keys(build.API_ENTRY_POINTS)[0]}.js`);
    expect(build.API_ENTRY_POINTS.server).toBe('apps/api/src/server.ts');
    expect(stage).toContain('COPY --from=build /app/apps/api/dist apps/api/dist');
    expect(stage).toContain('COPY --from=build /app/apps/web/dist apps/web/dist');
    expect(stage).toContain('COPY --from=build /app/apps/web/dist-server apps/web/dist-server');
    expect(stage.some((l) => /^HEALTHCHECK\s/i.test(l) && l.includes('/api/health'))).toBe(true);
  });

  describe('the compiled server', () => {
    // Inside apps/api, so the bundle finds the API's packages as the real build does.
    const outdir = join(root, 'apps/api/.tmp', `build-${process.pid}`);
    let dataDir: string;
    let url: string;
    let stop: () => Promise<unknown>;
    let output = '';

    beforeAll(async () => {
      const files = await build.buildApi({ outdir });
      expect(files).toEqual(expect.arrayContaining(['server.js', 'calendar-worker.js']));
      dataDir = await mkdtemp(join(tmpdir(), 'staybook-compiled-'));
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      // Plain Node: no --import tsx, no NODE_OPTIONS; TypeScript could not load.
      const child = spawn(process.execPath, [join(outdir, 'server.js')], {
        env: { PATH: process.env.PATH, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const exited = once(child, 'exit');
      let gone = false;
      void exited.then(() => (gone = true));
      stop = async () => {
        if (!gone) child.kill('SIGTERM');
        return exited;
      };
      while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
        if (gone) throw new Error(`The compiled server exited before it was ready:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    afterAll(async () => {
      await stop?.();
      await rm(outdir, { recursive: true, force: true });
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('answers the health checks of the Dockerfile and the proxy, having migrated its database', async () => {
      const paths = new Set([
        ...[...finalStage(dockerfile).filter((l) => /^HEALTHCHECK\s/i.test(l)).join('\n').matchAll(/(\/api\/[\w/-]+)/g)].map((m) => m[1]!),
        ...[...caddyfile.matchAll(/health_uri\s+(\S+)/g)].map((m) => m[1]!),
      ]);
      expect([...paths]).toEqual(['/api/health']);
      for (const path of paths) {
        const res = await fetch(`${url}${path}`);
        expect(res.status, path).toBe(200);
        expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite' });
      }
      // The migrations came along: the tables exist.
      const rooms = await fetch(`${url}/api/rooms`);
      expect(rooms.status).toBe(200);
      expect(await rooms.json()).toEqual({ items: [], nextCursor: null, total: { count: 0, more: false } });
      // Read to the end: an unread answer this large keeps the connection busy, and a graceful stop waits for it.
      const openapi = await fetch(`${url}/api/openapi.json`);
      expect(openapi.status).toBe(200);
      expect(await openapi.json()).toHaveProperty('openapi');
    });

    it('reads calendars in its own worker thread, compiled beside the server (integrations/calendar/read-calendar.ts)', async () => {
      const { Worker } = await import('node:worker_threads');
      const worker = new Worker(join(outdir, 'calendar-worker.js'), {
        workerData: { text: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:20300101\r\nDTEND;VALUE=DATE:20300103\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n', timeZone: 'UTC', today: '2029-12-01' },
      });
      const messages: unknown[] = [];
      worker.on('message', (message: unknown) => messages.push(message));
      await once(worker, 'exit');
      // First that its code loaded (the calendar's time limit starts there), then the nights.
      expect(messages).toEqual([{ ready: true }, { ok: true, ranges: [{ from: '2030-01-01', to: '2030-01-03' }] }]);
    });

    it('stops gracefully on SIGTERM', async () => {
      const [code] = (await stop()) as [number | null];
      expect(code, output).toBe(0);
    });
  });
});
