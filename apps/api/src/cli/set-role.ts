import { isRole, ROLES } from '@staybook/domain';
import { loadConfig } from '../config.js';
import { applyRoleChange } from '../modules/users/users.service.js';
import { runAsCommand, withOperatorDatabase } from './operator-command.js';

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
  return withOperatorDatabase(config, async (database) => {
    const result = await applyRoleChange(database.db, { email, role, actorId: null, via: 'cli', publicUrl: config.publicUrl });
    if (!result) {
      console.error(`No user has the e-mail ${email}. They need to sign up first.`);
      return 1;
    }
    console.log(`${result.email} is now ${role}.`);
    if (result.mailed) console.log('A mail telling them waits in the outbox; a running server sends it.');
    return 0;
  });
}

runAsCommand(main);
