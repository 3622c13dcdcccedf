import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';

/** What happened to a booking: booked, refused because the stay could not be booked any more (hold released), cancelled. */
export type BookingOutcome = 'confirmed' | 'requested' | 'accepted' | 'declined' | 'expired' | 'withdrawn' | 'refused' | 'cancelled';
/**
 * What happened to a payment: intent created, card authorized or declined (built-in processor), money captured,
 * capture failed (left for the sweeper), hold released, refunded, expired (an unpaid intent cancelled by the sweeper,
 * or a hold gone before capture, whose stay is then cancelled).
 */
export type PaymentOutcome = 'started' | 'authorized' | 'declined' | 'captured' | 'capture_failed' | 'voided' | 'refunded' | 'expired';

/** The business events the booking code reports, one call each; a no-op when metrics are off. */
export type OutcomeMetrics = {
  booking(outcome: BookingOutcome): void;
  payment(outcome: PaymentOutcome): void;
};

export const NO_METRICS: OutcomeMetrics = { booking: () => {}, payment: () => {} };

/** The route label of requests no route matched (unknown paths and the web app's page navigations). */
export const UNMATCHED_ROUTE = '(unmatched)';

export type Metrics = OutcomeMetrics & { registry: Registry };

/**
 * Prometheus metrics (docs/decisions/022-openapi-and-metrics.md): every request counted and timed by its route
 * pattern (`/api/room/:id`, never the raw URL, so the number of series stays bounded), bookings and payments by
 * outcome, the outbox's pending and failed jobs, and Node's process metrics. One registry per app, so tests building several apps do not collide.
 */
export function registerMetrics(app: FastifyInstance, { countJobs }: { countJobs: () => Promise<{ failed: number; pending: number }> }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'staybook_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'staybook_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const bookings = new Counter({
    name: 'staybook_bookings_total',
    help: 'Bookings by outcome: confirmed, refused (dates taken or room changed while paying; hold released), cancelled (by a party, or because the card hold expired)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const payments = new Counter({
    name: 'staybook_payments_total',
    help: 'Payments by outcome: started, authorized, declined, captured, capture_failed, voided, refunded, expired',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'staybook_outbox_jobs',
    help: "Outbox jobs by state: pending (waiting or retrying) and failed (out of attempts; README, 'The outbox')",
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { failed, pending } = await countJobs();
      this.set({ state: 'failed' }, failed);
      this.set({ state: 'pending' }, pending);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  return {
    registry,
    booking: (outcome) => bookings.inc({ outcome }),
    payment: (outcome) => payments.inc({ outcome }),
  };
}

/** `GET /api/metrics` in Prometheus's text format; registered only when METRICS=1, so it is a 404 otherwise. */
export const metricsRoutes: FastifyPluginAsync<{ registry: Registry }> = async (app, { registry }) => {
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      schema: {
        summary: "Prometheus metrics (only with METRICS=1): requests and latency per route, bookings and payments by outcome",
        tags: ['Server'],
        produces: [registry.contentType],
        response: { 200: z.string().describe('The metrics, in Prometheus’s text format') },
      },
    },
    async (_request, reply) => reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics()),
  );
};
