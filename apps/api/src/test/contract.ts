import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { OPENAPI_PATH } from '../plugins/openapi.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { TEST_AUTH_SECRET, TEST_ORIGIN } from './test-app.js';

/**
 * The app whose OpenAPI document is the contract: the typed client (packages/client) is generated from it, and
 * openapi.test.ts checks it against the routes. Metrics are on, so every route of the product is in it; the
 * optional outside services (Google, Stripe's webhooks) are off, as in every other test.
 */
export async function buildContractApp(db: TestDatabase, onRoute?: (route: RouteOptions) => void): Promise<FastifyInstance> {
  const config = parseConfig({
    DATA_DIR: db.dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_RATE_LIMIT: '0',
    PAYMENT_RATE_LIMIT: '0',
    METRICS: '1',
  });
  const app = await buildApp({ config, database: db.database, authSecret: TEST_AUTH_SECRET, mailer: { send: async () => {} }, webDist: null, ...(onRoute ? { onRoute } : {}) });
  await app.ready();
  return app;
}

/** The contract app's document, as `GET /api/openapi.json` answers it. */
export async function readDocument(app: FastifyInstance): Promise<Record<string, unknown>> {
  const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
  if (res.statusCode !== 200) throw new Error(`${OPENAPI_PATH} answered ${res.statusCode}`);
  return res.json();
}

/** The contract's document from a contract app on a fresh embedded database (for `npm run client:generate`). */
export async function contractDocument(): Promise<Record<string, unknown>> {
  const db = await createTestDatabase('pglite');
  try {
    const app = await buildContractApp(db);
    try {
      return await readDocument(app);
    } finally {
      await app.close();
    }
  } finally {
    await db.cleanup();
  }
}
