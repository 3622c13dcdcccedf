import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { errorResponses } from '../../errors.js';
import { routeSchema } from '../../route-schema.js';
import { countFailedJobs } from '../jobs/jobs.js';

/** The health check's answer. */
const healthSchema = z
  .object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    uptimeSeconds: z.number(),
    failedJobs: z.int().nonnegative(),
  })
  .meta({ id: 'Health' });

/**
 * For operators and load balancers: answers 200 only when the database answers too, with the number of outbox
 * jobs that ran out of attempts (README, 'The outbox').
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: routeSchema(
        'Liveness and database reachability',
        {},
        healthSchema,
        // The database does not answer.
        errorResponses(500),
      ),
    },
    async () => {
      // Answering the count is the database answering (an index-only count of a partial index).
      const failedJobs = await countFailedJobs(database.db);
      return { status: 'ok' as const, database: database.kind, uptimeSeconds: Math.round(process.uptime()), failedJobs };
    },
  );
};
