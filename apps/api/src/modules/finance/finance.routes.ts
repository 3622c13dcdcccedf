import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { financeQuerySchema, financeReportSchema, reconciliationQuerySchema, reconciliationReportSchema, rolesFor } from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { requireRole } from '../../plugins/session.js';
import { routeSchema } from '../../route-schema.js';
import { financeCsv, financeReport, reconcileMonth, type FinanceDeps } from './finance.service.js';

/** The marketplace's money, for admins (the Finance page). */
export const financeRoutes: FastifyPluginAsyncZod<FinanceDeps> = async (app, deps) => {
  const admins = requireRole(...rolesFor('finance'));

  app.get(
    '/admin/finance',
    {
      onRequest: admins,
      schema: routeSchema('The marketplace’s money per month, from the ledger', { querystring: financeQuerySchema }, financeReportSchema, errorResponses(400, 401, 403)),
    },
    async (request) => financeReport(deps.db, request.query),
  );

  app.get(
    '/admin/finance.csv',
    {
      onRequest: admins,
      schema: routeSchema('The same figures as a CSV file', { querystring: financeQuerySchema }, z.string().describe('A CSV file'), errorResponses(400, 401, 403), { produces: 'text/csv' }),
    },
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
    {
      onRequest: admins,
      schema: routeSchema(
        'A month’s payments and payouts checked with the payment provider’s records',
        { querystring: reconciliationQuerySchema },
        reconciliationReportSchema,
        errorResponses(400, 401, 403, 503),
      ),
    },
    async (request) => reconcileMonth(deps, request.query.month),
  );
};
