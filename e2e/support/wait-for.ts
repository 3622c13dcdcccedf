/**
 * `node --import tsx e2e/support/wait-for.ts <url> [timeout-ms]`: exits 0 once <url> answers 2xx,
 * 1 after the timeout. The seeded server's command runs it first, because the server discovers the
 * stand-in OpenID provider when it starts, and Playwright does not promise to start web servers in order.
 */
import { setTimeout as sleep } from 'node:timers/promises';

const [url, timeoutArg] = process.argv.slice(2);
if (!url) {
  console.error('usage: wait-for.ts <url> [timeout-ms]');
  process.exit(2);
}
const deadline = Date.now() + Number(timeoutArg ?? 60_000);

while (Date.now() < deadline) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    if (response.ok) process.exit(0);
  } catch {
    // Not listening yet.
  }
  await sleep(200);
}
console.error(`wait-for: ${url} did not answer within ${timeoutArg ?? 60_000} ms`);
process.exit(1);
