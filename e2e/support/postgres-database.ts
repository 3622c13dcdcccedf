// The browser tests' PostgreSQL database, when TEST_DATABASE_URL names a server: `create NAME` makes it empty
// (the server it is for migrates and seeds it on start-up), `drop NAME` removes it once the run is over.
import { createServerDatabase, dropServerDatabase } from '../../apps/api/src/test/databases';

const [action, name] = process.argv.slice(2);
if (!name || (action !== 'create' && action !== 'drop')) {
  console.error('usage: postgres-database.ts create|drop NAME');
  process.exit(2);
}
if (action === 'create') await createServerDatabase(name);
else await dropServerDatabase(name);
