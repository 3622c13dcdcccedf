// `npm run build:api`: compiles the API (and the domain package it imports) to plain JavaScript in
// apps/api/dist, so production runs `node apps/api/dist/server.js` with no TypeScript loader.
// esbuild bundles our own code into one file per entry point; every npm package stays an import, so the
// production install (`npm ci --omit=dev`) provides them. Files the code reads at run time are copied beside it.
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const API_DIST = join(root, 'apps/api/dist');

/** The compiled programs: `dist/<name>.js` from each source. The Dockerfile starts `server`. */
export const API_ENTRY_POINTS = {
  server: 'apps/api/src/server.ts',
  'set-role': 'apps/api/src/cli/set-role.ts',
  // Started by the server as a worker thread (integrations/calendar/read-calendar.ts).
  'calendar-worker': 'apps/api/src/integrations/calendar/calendar-worker.ts',
};

/**
 * Folders the code finds through `import.meta.url` at run time, copied to the same place relative to the bundle:
 * the source reads `src/db/migrations` from `src/db/migrate.ts`, the bundle `dist/migrations` from `dist/server.js`.
 * (`src/app.ts` finds the web app at `../../web/dist`; `dist/server.js` sits at the same depth, so that holds too.)
 */
export const API_RUNTIME_FILES = { 'apps/api/src/db/migrations': 'migrations' };

/** What the compiled API is made from: when any of it is newer than the build, `npm start` builds again. */
export const API_BUILD_INPUTS = ['apps/api/src', 'apps/api/package.json', 'packages/domain/src', 'package-lock.json', 'scripts/build-api.mjs'];

export function apiBuildIsStale() {
  return isStale(['apps/api/dist/server.js'], API_BUILD_INPUTS);
}

/** Writes a file so that a reader sees the old or the new content, never half of it (two starts may build at once). */
function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

function copyTree(from, to) {
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    if (statSync(source).isDirectory()) copyTree(source, join(to, name));
    else {
      mkdirSync(to, { recursive: true });
      const temporary = join(to, `${name}.${process.pid}.tmp`);
      copyFileSync(source, temporary);
      renameSync(temporary, join(to, name));
    }
  }
}

/** Our workspace packages are compiled in; everything else from npm (and Node's own modules) stays an import. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@staybook/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildApi({ outdir = API_DIST } = {}) {
  // Loaded here, so `npm start` on a production install (no dev dependencies, build already made) never needs it.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.entries(API_ENTRY_POINTS).map(([out, source]) => ({ in: source, out })),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    write: false,
    logLevel: 'warning',
    plugins: [keepPackagesExternal],
  });
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
  for (const [source, target] of Object.entries(API_RUNTIME_FILES)) copyTree(join(root, source), join(outdir, target));
  return result.outputFiles.map((f) => relative(outdir, f.path));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const clean = process.argv.includes('--clean');
  if (clean) rmSync(API_DIST, { recursive: true, force: true });
  const files = await buildApi();
  console.log(`Built the API: ${files.filter((f) => f.endsWith('.js')).map((f) => `apps/api/dist/${f}`).join(', ')}`);
}
