import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, marketplaceCurrency, serverInfoSchema } from '@staybook/domain';
import { errorBody, errorCodeForStatus, INTERNAL_ERROR_MESSAGE, NotFoundError } from '../../errors.js';
import type { Config } from '../../config.js';
import { personalAnswer } from '../../plugins/session.js';
import { routeSchema } from '../../route-schema.js';
import { CLIENT_IP_HEADER, type Auth } from './auth.js';

/** Copies a Node request, at `url` (its address as the URL parser reads it), into the Fetch `Request` the library handles. */
function toFetchRequest(request: FastifyRequest, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : undefined,
  });
}

/** What a refusal says when the library's own answer says nothing. */
const NOT_COMPLETED = /*i18n*/ 'The request could not be completed.';

/** The largest body an auth endpoint reads, in bytes (413 beyond it). */
export const AUTH_BODY_LIMIT = 16_384;

/** What a call with a method the address does not take is told. */
const METHOD_NOT_ALLOWED = /*i18n*/ 'This address does not take that method.';

/** The auth library answers errors as `{ code, message }`; the product's shape is `{ error: { code, message } }`. */
function normaliseError(status: number, text: string): string {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // Not JSON: the code and message come from the status.
  }
  const code = typeof parsed.code === 'string' && parsed.code ? parsed.code : errorCodeForStatus(status);
  const message = typeof parsed.message === 'string' && parsed.message ? parsed.message : NOT_COMPLETED;
  return JSON.stringify(errorBody(code, message));
}

async function sendFetchResponse(request: FastifyRequest, reply: FastifyReply, response: Response): Promise<FastifyReply> {
  const text = await response.text();
  if (response.status >= 500) {
    // The library has logged its error already; its own answer (often an empty text body) is never passed on.
    request.log.error({ status: response.status }, 'the auth library failed');
    return reply.status(500).send(errorBody(ERROR_CODES.internal, INTERNAL_ERROR_MESSAGE));
  }
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'cache-control') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (response.status >= 400 && response.status < 500) {
    return reply.header('content-type', 'application/json; charset=utf-8').send(normaliseError(response.status, text));
  }
  return reply.send(text);
}

/**
 * The auth endpoints an attacker profits from calling often (guessing passwords, probing which e-mails have
 * accounts, sending mail to others, guessing reset tokens), and how many calls one address may make to each
 * in a fixed window (README, `AUTH_RATE_LIMIT`). Every other auth path, reading the session above all (each
 * page load does), is not counted. The library's own limiter is off (auth.ts): these are counted by
 * @fastify/rate-limit like every other limit, in Redis when `REDIS_URL` is set, and answer the same 429
 * with `Retry-After`.
 */
export const AUTH_RATE_LIMITS: Record<string, { max: number; timeWindow: string }> = {
  '/sign-in/email': { max: 10, timeWindow: '1 minute' },
  '/sign-in/social': { max: 20, timeWindow: '1 minute' },
  '/sign-up/email': { max: 10, timeWindow: '10 minutes' },
  '/request-password-reset': { max: 5, timeWindow: '15 minutes' },
  '/send-verification-email': { max: 5, timeWindow: '15 minutes' },
  '/reset-password': { max: 10, timeWindow: '15 minutes' },
  '/change-password': { max: 10, timeWindow: '15 minutes' },
  // A session left open (an unattended browser) must not let anyone guess its password at will.
  '/verify-password': { max: 10, timeWindow: '15 minutes' },
  // A host's new name or photo empties every server's kept listing answers: a person edits a profile a few times.
  '/update-user': { max: 30, timeWindow: '10 minutes' },
};

/**
 * The request's address as the library reads it: through the URL parser, which resolves `.` and `..` segments
 * (`/api/auth/./sign-in/email` is sign-in). The router picks the route from the path as sent, so such a path would
 * reach a limited endpoint through the catch-all, uncounted. No browser sends one, and the library has no path that
 * needs one: it is refused as a path with nothing behind it.
 */
function addressAsRead(request: FastifyRequest): URL {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (url.pathname !== request.url.split('?', 1)[0]) throw new NotFoundError(NOT_COMPLETED);
  return url;
}

/** The library's error codes are lower-case words joined by underscores; anything else is not passed on. */
const LIBRARY_ERROR_CODE = /^[a-z]+(?:_[a-z]+)*$/;

export const authRoutes: FastifyPluginAsync<{ auth: Auth; config: Config }> = async (app, { auth, config }) => {
  const toLibrary = {
    // The library's endpoints are described from its own generator instead (plugins/openapi.ts).
    schema: { hide: true },
    // Sessions and accounts: every answer is personal.
    onRequest: personalAnswer,
    // The longest body a person sends here (a sign-up: name, e-mail, password, photo address) is well under a
    // kilobyte; the library keeps some fields as sent (a sign-in's return address, in its table of pending
    // sign-ins), so a body is held to what a person could type, not to the API's megabyte.
    bodyLimit: AUTH_BODY_LIMIT,
    async handler(request: FastifyRequest, reply: FastifyReply) {
      return sendFetchResponse(request, reply, await auth.handler(toFetchRequest(request, addressAsRead(request))));
    },
  };
  app.route({ method: ['GET', 'POST'], url: '/auth/*', ...toLibrary });
  // A path of its own for each limited endpoint (the router prefers it to the catch-all), so each is counted
  // apart, per address, before its body is read.
  for (const [path, limit] of Object.entries(AUTH_RATE_LIMITS)) {
    app.route({ method: 'POST', url: `/auth${path}`, ...toLibrary, config: config.authRateLimit ? { rateLimit: limit } : {} });
  }
  // Google's answer to a sign-in comes back as a GET the browser follows; the product never asks for a form post.
  // The library would turn a posted body, whatever it held and up to the body limit, into the address of a redirect.
  app.post('/auth/callback/:id', { schema: { hide: true }, onRequest: personalAnswer }, async (_request, reply) =>
    reply.status(405).header('allow', 'GET').send(errorBody(errorCodeForStatus(405), METHOD_NOT_ALLOWED)),
  );

  // Where the library sends a browser after a failed Google sign-in when none was named: the login page, which says
  // what went wrong. The library's own page would print any `error_description` a link's writer chose, on our site.
  app.get('/auth/error', { schema: { hide: true }, onRequest: personalAnswer }, async (request, reply) => {
    const { error } = request.query as { error?: unknown };
    return reply.redirect(typeof error === 'string' && LIBRARY_ERROR_CODE.test(error) ? `/login?error=${error}` : '/login');
  });

  app.get('/config', { schema: routeSchema('What the app needs to know before sign-in', {}, serverInfoSchema) }, async () => ({
    googleSignIn: config.google !== null,
    timeZone: config.timeZone,
    currency: marketplaceCurrency(),
    ...(config.mapTiles ? { mapTiles: { url: config.mapTiles.url, attribution: config.mapTiles.attribution } } : {}),
  }));
};
