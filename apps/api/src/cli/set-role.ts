import { isRole, ROLES } from '@staybook/domain';
import { ConfigError, loadConfig } from '../config.js';
import { databaseTarget, openDatabase } from '../db/client.js';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock.js';
import { migrateDatabase } from '../db/migrate.js';
import { applyRoleChange } from '../modules/users/users.service.js';

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
  const database = await openDatabase(databaseTarget(config));
  try {
    await migrateDatabase(database);
    const result = await applyRoleChange(database.db, { email, role, actorId: null, via: 'cli', publicUrl: config.publicUrl });
    if (!result) {
      console.error(`No user has the e-mail ${email}. They need to sign up first.`);
      return 1;
    }
    console.log(`${result.email} is now ${role}.`);
    if (result.mailed) console.log('A mail telling them waits in the outbox; a running server sends it.');
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
