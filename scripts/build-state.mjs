// When a build is older than what it is made from: `npm start` and the bench build again then, so neither runs or
// measures code that is no longer the tree's.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The newest modification time of the file, or of anything in the folder (0 when it does not exist). */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/** Whether any of `inputs` (paths from the repository's root) changed after the oldest of `outputs` was written. */
export function isStale(outputs, inputs) {
  const builtAt = Math.min(...outputs.map((path) => (existsSync(join(root, path)) ? statSync(join(root, path)).mtimeMs : 0)));
  return inputs.some((path) => newestChange(join(root, path)) > builtAt);
}

// The browser's build and the server's (which draws the home page's first view): the older one says when it was built.
const WEB_BUILD_OUTPUTS = ['apps/web/dist/index.html', 'apps/web/dist-server/entry-server.js'];
const WEB_BUILD_INPUTS = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src', 'package-lock.json'];

/** Whether the web app's build (`npm run build:web`) is missing or older than its sources. */
export function webBuildIsStale() {
  return isStale(WEB_BUILD_OUTPUTS, WEB_BUILD_INPUTS);
}
