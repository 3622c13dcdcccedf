import { eq } from 'drizzle-orm';
import { isRole, normalizeEmail, ROLES } from '@staybook/domain';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock.js';
import { migrateDatabase } from '../db/migrate.js';
import { roleChanges, users } from '../db/schema.js';

/**
 * `npm run set-role -- <email> <guest|host|admin>`: how an operator makes the first admin.
 * On the embedded database it refuses while a server holds the data directory.
 */
async function main(argv: string[]): Promise<number> {
  const [email, role] = argv;
  if (!email || !isRole(role)) {
    console.error(`Usage: npm run set-role -- <email> <${ROLES.join('|')}>`);
    return 2;
  }
  const config = loadConfig();
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await migrateDatabase(database);
    const changed = await database.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.email, normalizeEmail(email))).for('update');
      if (!user) return null;
      await tx.update(users).set({ role, status: 'Verified', updatedAt: new Date() }).where(eq(users.id, user.id));
      if (user.role !== role) {
        await tx.insert(roleChanges).values({ actorId: null, userId: user.id, fromRole: user.role, toRole: role, via: 'cli' });
      }
      return user.email;
    });
    if (!changed) {
      console.error(`No user has the e-mail ${email}. They need to sign up first.`);
      return 1;
    }
    console.log(`${changed} is now ${role}.`);
    return 0;
  } finally {
    await database.close();
    await lock?.release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof DataDirInUseError) {
      console.error(err instanceof DataDirInUseError ? `${err.message} Stop the server, then run this again.` : err.message);
    } else {
      console.error(err);
    }
    process.exit(1);
  },
);
