// `npm start`: builds the web app and the API when their sources changed since the last build, then runs the
// compiled server (apps/api/dist/server.js) in this process: it migrates and seeds on start-up, and signals reach
// it directly. No TypeScript loader is involved at run time (docs/decisions/021-compiled-build-and-container.md).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiBuildIsStale, buildApi } from './build-api.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The browser's build and the server's (which draws the home page's first view): the older one says when it was built.
const builtWeb = [join(root, 'apps/web/dist/index.html'), join(root, 'apps/web/dist-server/entry-server.js')];
const webInputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src', 'package-lock.json'];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

const builtAt = Math.min(...builtWeb.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
if (webInputs.some((p) => newestChange(join(root, p)) > builtAt)) {
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build:web', '--silent'], { cwd: root, stdio: 'inherit' });
}
if (apiBuildIsStale()) {
  console.log('Building the API…');
  await buildApi();
}

await import('../apps/api/dist/server.js');
