import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's security headers (Content-Security-Policy, nosniff, frame and referrer rules…) on every answer, pages,
 * API and errors alike, through fastify's own helmet plugin. Registered before the routes, so its hook runs first
 * on each request, and a route may still set a header of its own over one of these.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  await app.register(helmet, { ...options, global: true });
}
