import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false for a route no browser calls and that proves its caller another way (a provider's
     * webhook, signed): it carries no cookie a foreign page could ride on.
     */
    originCheck?: boolean;
  }
}

/**
 * Refuses state-changing API requests sent by another site's page. Browsers always send Origin on
 * such requests; a request without one comes from a non-browser client, which holds no victim's cookie.
 * It covers the auth routes too: the auth library skips its own check when no cookie is sent, which
 * would let another site sign a visitor into an account of the attacker's choosing.
 */
export function registerOriginCheck(api: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins);
  // Registered inside the /api scope, so it runs for every route the router matched there, however
  // the path was spelled (e.g. percent-encoded), rather than for what the raw URL looks like.
  // With a callback rather than as an async function: every API request passes here (see input-limits.ts).
  api.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.originCheck === false) return done();
    const origin = request.headers.origin;
    const sameHost = origin !== undefined && origin === `${request.protocol}://${request.host}`;
    const foreign = origin !== undefined ? !allowed.has(origin) && !sameHost : request.headers['sec-fetch-site'] === 'cross-site';
    done(foreign ? new ForbiddenError(/*i18n*/ 'This request came from another site and was refused.') : undefined);
  });
}
