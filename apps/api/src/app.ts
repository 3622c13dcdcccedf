import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { localUploadsDir } from './integrations/images/image-store.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { roomsRoutes } from './modules/rooms/rooms.routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerWebServing } from './plugins/web.js';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type AppDeps = {
  config: Config;
  database: Database;
  /** The built web app to serve; null serves the API alone (as the API tests do). */
  webDist?: string | null;
};

/** Builds the whole HTTP application without listening, for the server and for tests alike. */
export async function buildApp({ config, database, webDist = DEFAULT_WEB_DIST }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: config.trustProxy,
    // A slow or stalled client cannot hold a connection open forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        // Served over plain HTTP on localhost by default; HTTPS deployments terminate TLS in front.
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: config.trustProxy,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(roomsRoutes, { db: database.db });
    },
    { prefix: '/api' },
  );

  await registerWebServing(app, { uploadsDir: localUploadsDir(config.dataDir), webDist });
  return app;
}
