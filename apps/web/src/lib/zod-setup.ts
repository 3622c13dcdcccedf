/*
 * Imported first by main.tsx, before any schema is built or used. zod compiles object checks with
 * `new Function` when it may, and probes for that at start-up: under the server's Content-Security-Policy
 * (no 'unsafe-eval') the probe is a reported CSP violation in the console. The app's checks are small; the
 * interpreted path is fast enough for them.
 *
 * The first paint runs no zod (docs/decisions/066-first-touch.md), so this does not import it: it writes the
 * setting where zod's `config()` keeps it, which zod reads when a lazy page first builds a schema.
 * zod-setup.test.ts holds zod to that place.
 */
type ZodGlobalConfig = { jitless?: boolean };
const zodHome = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
(zodHome.__zod_globalConfig ??= {}).jitless = true;
