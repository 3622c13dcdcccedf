import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet writes for one set of options, by name. */
type SecurityHeaders = Record<string, string>;

/** Where a route with options of its own keeps its headers (null: none) in its config. */
const ROUTE_HEADERS = Symbol('security headers');

/** Helmet's callback: since helmet 8.1 it throws rather than passing an error, as fastify's helmet plugin expects. */
function done(error?: unknown): void {
  if (error) throw error;
}

/**
 * What helmet's middleware writes for `options`, read once from a response of Node's own. Helmet's headers depend
 * on its options alone, but for a Content-Security-Policy directive given as a function (a nonce, say), which is
 * worked out per request: such options are refused.
 */
function securityHeadersFor(options: HelmetOptions): SecurityHeaders {
  const directives = typeof options.contentSecurityPolicy === 'object' ? (options.contentSecurityPolicy.directives ?? {}) : {};
  for (const [name, value] of Object.entries(directives)) {
    if (typeof value === 'function' || (Array.isArray(value) && value.some((item) => typeof item === 'function'))) {
      throw new Error(`security headers: the Content-Security-Policy directive ${name} is worked out per request, which is not supported`);
    }
  }
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, done);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/**
 * The headers of an answer that is data, never a page (OWASP's REST Security Cheat Sheet): it may not be framed,
 * sniffed into another type, or load anything if opened as a document, and it is read from this origin only. Helmet's
 * other headers rule a page's scripts, frames and downloads, which a JSON answer, a picture or a calendar file has none of.
 */
function dataHeadersFrom(pageHeaders: SecurityHeaders): SecurityHeaders {
  const hsts = pageHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

export type SecurityHeaderOptions = FastifyHelmetOptions & {
  /**
   * Whether the route at this URL answers with data only (JSON, pictures, calendar files), never with a page: such
   * a route gets the short set of headers above rather than helmet's. Asked once per route, when it is added.
   */
  servesDataOnly?: (url: string) => boolean;
};

/**
 * Helmet's security headers (Content-Security-Policy, nosniff, frame and referrer rules…) on every page and error,
 * and the data set above on routes that serve data only, set before the route runs, so a route may still set a header
 * of its own over one of these.
 *
 * Fastify's helmet plugin builds helmet's middleware again on every request (parsing the policy each time), and
 * running the middleware on each response writes its dozen headers one by one through Node's checks: together a
 * tenth of a busy server's CPU on the room route. The headers depend on the options alone, so they are worked out
 * once for the app's options, and once for each route that names options of its own as that plugin reads them (the
 * route's `helmet` option, merged over the app's, or `false` for none), when the route is added, and each answer
 * gets them with its own headers. They are helmet's, as before (security-headers.test.ts compares them with the
 * plugin's, header for header).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const { enableCSPNonces, global: _global, servesDataOnly, ...shared } = options;
  if (enableCSPNonces) throw new Error('security headers: CSP nonces are not supported (no route uses them)');
  const everywhere = securityHeadersFor(shared as HelmetOptions);
  const forData = dataHeadersFrom(everywhere);

  app.addHook('onRoute', (route) => {
    const own = (route as { helmet?: unknown }).helmet;
    if (own === undefined) {
      if (servesDataOnly?.(route.url)) route.config = Object.assign(route.config ?? {}, { [ROUTE_HEADERS]: forData });
      return;
    }
    if (own !== false && (typeof own !== 'object' || own === null || 'enableCSPNonces' in own)) {
      throw new Error(`security headers: the helmet options of ${route.url} are not supported`);
    }
    const headers = own === false ? null : securityHeadersFor({ ...shared, ...own } as HelmetOptions);
    route.config = Object.assign(route.config ?? {}, { [ROUTE_HEADERS]: headers });
  });

  app.addHook('onRequest', (request, reply, next) => {
    const config = request.routeOptions.config as { [ROUTE_HEADERS]?: SecurityHeaders | null };
    const headers = ROUTE_HEADERS in config ? config[ROUTE_HEADERS] : everywhere;
    if (headers) void reply.headers(headers);
    next();
  });
}
