import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { earningsEntriesQuerySchema, earningsQuerySchema, earningsReportSchema, payoutParamsSchema, payoutStatementSchema } from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, holdersOf } from '../../plugins/session.js';
import { oneRecord, routeFor } from '../../route-schema.js';
import { earningsEntriesCsv } from './earnings-csv.js';
import { earningsReport, type EarningsDeps } from './earnings.service.js';
import { payoutStatement } from './payout-statement.js';

/** A host's earnings: the Earnings page, each payout's statement, and their ledger entries as CSV. */
export const earningsRoutes: FastifyPluginAsyncZod<EarningsDeps> = async (app, { db }) => {
  const hosts = holdersOf('earnings');

  app.get(
    '/earnings',
    routeFor(
      hosts,
      'The host’s balances now, each listing’s money, and their money per month, from the ledger',
      { querystring: earningsQuerySchema },
      earningsReportSchema,
      errorResponses(400),
    ),
    async (request) => earningsReport(db, actorOf(request).id, request.query),
  );

  app.get(
    '/earnings/payouts/:payoutId',
    routeFor(hosts, 'One of the host’s payouts and the stays it paid', { params: payoutParamsSchema }, payoutStatementSchema, oneRecord),
    async (request) => payoutStatement(db, actorOf(request).id, request.params.payoutId),
  );

  app.get(
    '/earnings/entries.csv',
    routeFor(
      hosts,
      'The host’s ledger entries posted from one day to another (UTC), as a CSV file',
      { querystring: earningsEntriesQuerySchema },
      z.string().describe('A CSV file'),
      errorResponses(400),
      { produces: 'text/csv' },
    ),
    async (request, reply) => {
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="staybook-earnings-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(await earningsEntriesCsv(db, actorOf(request).id, request.query));
    },
  );
};
