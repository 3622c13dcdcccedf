import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { serverSecrets } from '../../db/schema.js';

const AUTH_SECRET_NAME = 'auth-secret';

function generateSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The secret that signs session cookies. Configured with AUTH_SECRET (which always wins); otherwise one is
 * generated on the first start and kept, so sessions survive a restart:
 * - on a PostgreSQL server, in the database (`server_secrets`), so every server on it signs and accepts the
 *   same cookies without further settings (docs/decisions/020-several-servers.md);
 * - on the embedded database (one process only), in DATA_DIR/auth-secret, as before.
 */
export async function resolveAuthSecret(configured: string | undefined, { database, dataDir }: { database: Database; dataDir: string }): Promise<string> {
  if (configured) return configured;
  if (database.kind === 'postgres') return sharedSecret(database, AUTH_SECRET_NAME);
  const file = join(dataDir, 'auth-secret');
  const existing = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (existing.length >= 32) return existing;
  const secret = generateSecret();
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** The named secret every server on this database shares: the first writer's value wins, even when servers start together. */
export async function sharedSecret(database: Database, name: string): Promise<string> {
  await database.db.insert(serverSecrets).values({ name, value: generateSecret() }).onConflictDoNothing();
  const [row] = await database.db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`The shared secret ${name} could not be read back`);
  return row.value;
}
