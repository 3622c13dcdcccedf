// `npm start`: builds the web app and the API when their sources changed since the last build, then runs the
// compiled server (apps/api/dist/server.js) in this process: it migrates and seeds on start-up. No TypeScript
// loader is involved at run time (docs/decisions/021-compiled-build-and-container.md).
//
// Stopping: npm (11) runs a script through `sh -c`, passes the SIGTERM or SIGINT it gets to that shell only, and
// exits once the shell has. Debian's sh (dash) neither passes a signal on nor replaces itself with the command:
// it dies at once, and this process, the server, would run on alone. So the script is
// `exec node scripts/start.mjs`: this process takes the shell's place as npm's child, npm's signals reach the
// server itself, and npm waits for it to finish and exits with its code. A Ctrl-C (or a stop sent to the whole
// process group) then arrives twice, from the terminal and through npm: the server takes a repeat within a
// moment for the same stop (apps/api/src/server.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { apiBuildIsStale, buildApi } from './build-api.mjs';
import { webBuildIsStale } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs `npm run <script>`. Stopped meanwhile, this stops all of it and then itself: the build runs in a process
 * group of its own (npm and the shell under it would not pass the signal on), which gets the signal.
 */
async function runScript(script) {
  const child = spawn('npm', ['run', script, '--silent'], { cwd: root, stdio: 'inherit', detached: true });
  let stoppedBy = null;
  const stop = (signal) => {
    stoppedBy = signal;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
  const [code] = await once(child, 'exit');
  for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, stop);
  // The exit code a shell gives a command the signal ended (128 + its number).
  if (stoppedBy) process.exit(128 + constants.signals[stoppedBy]);
  if (code !== 0) throw new Error(`npm run ${script} failed (exit code ${code}).`);
}

if (webBuildIsStale()) {
  console.log('Building the web app…');
  await runScript('build:web');
}
if (apiBuildIsStale()) {
  console.log('Building the API…');
  await buildApi();
}

await import('../apps/api/dist/server.js');
