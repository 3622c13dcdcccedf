import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './databases.js';

export type TestApp = TestDatabase & { app: FastifyInstance; close(): Promise<void> };

/** The whole HTTP application on a fresh database, driven with `app.inject()` (no port). */
export async function createTestApp(kind: TestDatabaseKind): Promise<TestApp> {
  const testDb = await createTestDatabase(kind);
  const config = parseConfig({ DATA_DIR: testDb.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const app = await buildApp({ config, database: testDb.database, webDist: null });
  await app.ready();
  return {
    ...testDb,
    app,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}
