import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { financeQuerySchema, financeReportSchema, reconciliationQuerySchema, reconciliationReportSchema } from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { holdersOf } from '../../plugins/session.js';
import { routeFor } from '../../route-schema.js';
import { financeCsv, financeReport, reconcileMonth, type FinanceDeps } from './finance.service.js';

/** The marketplace's money, for admins (the Finance page). */
export const financeRoutes: FastifyPluginAsyncZod<FinanceDeps> = async (app, deps) => {
  const admins = holdersOf('finance');

  app.get(
    '/admin/finance',
    routeFor(admins, 'The marketplace’s money per month, from the ledger', { querystring: financeQuerySchema }, financeReportSchema, errorResponses(400)),
    async (request) => financeReport(deps.db, request.query),
  );

  app.get(
    '/admin/finance.csv',
    routeFor(admins, 'The same figures as a CSV file', { querystring: financeQuerySchema }, z.string().describe('A CSV file'), errorResponses(400), { produces: 'text/csv' }),
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = financeCsv(await financeReport(deps.db, request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="staybook-finance-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/admin/finance/reconciliation',
    routeFor(
      admins,
      'A month’s payments and payouts checked with the payment provider’s records',
      { querystring: reconciliationQuerySchema },
      reconciliationReportSchema,
      errorResponses(400, 503),
    ),
    async (request) => reconcileMonth(deps, request.query.month),
  );
};
