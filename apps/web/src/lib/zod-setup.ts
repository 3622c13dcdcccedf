import { config } from 'zod/mini';

/*
 * Imported first by main.tsx, before any schema is built or used. zod compiles object checks with
 * `new Function` when it may, and probes for that at start-up: under the server's Content-Security-Policy
 * (no 'unsafe-eval') the probe is a reported CSP violation in the console. The app's checks are small; the
 * interpreted path is fast enough for them.
 */
config({ jitless: true });
