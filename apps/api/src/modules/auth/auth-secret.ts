import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The secret that signs session cookies. Configured with AUTH_SECRET; otherwise (development) one is
 * generated on the first start and kept in the data directory, so sessions survive a restart.
 */
export async function resolveAuthSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, 'auth-secret');
  const existing = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (existing.length >= 32) return existing;
  const secret = randomBytes(32).toString('hex');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
