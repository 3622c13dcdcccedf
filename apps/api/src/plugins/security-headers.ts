import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's middleware for one set of options: it writes the headers on a raw response. */
type HeadersWriter = ReturnType<typeof helmet>;

/** Where a route with options of its own keeps its writer (null: none) in its config. */
const ROUTE_WRITER = Symbol('security headers');

/** Helmet's callback: since helmet 8.1 it throws rather than passing an error, as fastify's helmet plugin expects. */
function done(error?: unknown): void {
  if (error) throw error;
}

/**
 * Helmet's security headers (Content-Security-Policy, nosniff, frame and referrer rules…) on every answer, pages,
 * API and errors alike, written by helmet's own middleware on the raw response before the route runs, so a route
 * may still set a header of its own over one of these.
 *
 * Fastify's helmet plugin builds that middleware again on every request (parsing the policy each time: about 6% of
 * a busy server's CPU on the room route); here it is built once for the app's options, and once for each route that
 * names options of its own as that plugin reads them (the route's `helmet` option, merged over the app's, or
 * `false` for none), when the route is added. The headers are helmet's, as before.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const { enableCSPNonces, global: _global, ...shared } = options;
  if (enableCSPNonces) throw new Error('security headers: CSP nonces are not supported (no route uses them)');
  const everywhere: HeadersWriter = helmet(shared as HelmetOptions);

  app.addHook('onRoute', (route) => {
    const own = (route as { helmet?: unknown }).helmet;
    if (own === undefined) return;
    if (own !== false && (typeof own !== 'object' || own === null || 'enableCSPNonces' in own)) {
      throw new Error(`security headers: the helmet options of ${route.url} are not supported`);
    }
    const writer = own === false ? null : helmet({ ...shared, ...own } as HelmetOptions);
    route.config = Object.assign(route.config ?? {}, { [ROUTE_WRITER]: writer });
  });

  app.addHook('onRequest', (request, reply, next) => {
    const config = request.routeOptions.config as { [ROUTE_WRITER]?: HeadersWriter | null };
    const writer = ROUTE_WRITER in config ? config[ROUTE_WRITER] : everywhere;
    writer?.(request.raw, reply.raw, done);
    next();
  });
}
