import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { parseCookie } from 'cookie';
import { sql } from 'drizzle-orm';
import { normalizeEmail, rolesFor, tokenMayCall, type Capability, type Role, type TokenScope, type UserStatus } from '@staybook/domain';
import { readAccessToken, type SignedInPerson } from '../db/access-tokens.js';
import { preparedSql, type Db } from '../db/client.js';
import { EmailNotVerifiedError, errorResponses, ForbiddenError, UnauthorizedError } from '../errors.js';
import type { Guard } from '../route-schema.js';
import type { Auth } from '../modules/auth/auth.js';

/** Who is asking, as the database says now (role included): never what the client claims. */
export type Actor = SignedInPerson & {
  /** Set when the request carried a personal access token instead of a session: what it may call (decision 056). */
  token?: { id: string; scopes: TokenScope[] };
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireRole (or identifyViewer, where signing in is optional) on the routes that declare them. */
    actor: Actor | null;
    /** Resolves the session cookie into the actor; only the guards call it, so public routes never pay for it. */
    resolveActor: () => Promise<Actor | null>;
  }
}

const sessionAndUser = preparedSql<Actor & { expiresMs: number }>(
  'session_and_user',
  sql`select (extract(epoch from s.expires_at) * 1000)::float8 as "expiresMs",
             u.id, u.email, u.name, u.image, u.role, u.status, u.email_verified as "emailVerified"
      from sessions s join users u on u.id = s.user_id
      where s.token = ${sql.placeholder('token')}`,
);

/**
 * A session cookie resolved as better-auth's getSession resolves it, in one prepared statement instead of its
 * per-request machinery (its key import, two reads, output parsing): a quarter of a signed-in request's CPU.
 * Answers the actor, or null where the library answers no session (no cookie, a signature that does not verify,
 * a token no session has). Whatever the library would do more than read — delete an expired session, extend
 * one due for it, honour "don't remember me" — is left to it: `undefined` says "ask better-auth".
 */
export function sessionReader(auth: Auth, db: Db): (cookieHeader: string) => Promise<Actor | null | undefined> {
  const settings = auth.$context.then((context) => ({
    cookie: context.authCookies.sessionToken.name,
    dontRemember: context.authCookies.dontRememberToken.name,
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));
  return async (cookieHeader) => {
    const { cookie, dontRemember, secret, expiresInMs, updateAgeMs } = await settings;
    // The library's signed-value format: `token.base64(HMAC-SHA256(token))`.
    const cookies = parseCookie(cookieHeader);
    if (cookies[dontRemember] !== undefined) return undefined;
    const value = cookies[cookie];
    if (!value) return null;
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const encoded = value.slice(dot + 1);
    if (encoded.length !== 44 || !encoded.endsWith('=')) return null;
    const signature = Buffer.from(encoded, 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;

    const [row] = await sessionAndUser(db).execute({ token });
    if (!row) return null;
    const { expiresMs, ...actor } = row;
    const now = Date.now();
    // Expired (the library deletes it) or due to be extended (the library writes the new expiry).
    if (expiresMs < now || expiresMs - expiresInMs + updateAgeMs <= now) return undefined;
    return actor;
  };
}

/**
 * Routes declare what they need with `onRequest: requireUser` or `onRequest: requireRole(...)`: 401 when
 * signed out, 403 when the role is wrong. They run before the body is read and the input validated, so a
 * caller who may not use a route learns nothing about what it expects. The session is looked up only for
 * those routes, once per request.
 */
export function registerSession(app: FastifyInstance, auth: Auth, db: Db): void {
  const resolveViewer = viewerResolver(auth, db);
  app.decorateRequest('actor', null);
  app.decorateRequest('resolveActor', function (this: FastifyRequest) {
    const bearer = /^Bearer (\S+)$/i.exec(this.headers.authorization ?? '');
    // A request that names a token is that token's, whatever cookie it also carries.
    if (bearer) return actorOfToken(db, bearer[1]!);
    return resolveViewer(this.headers);
  });
}

/**
 * Who a request's session cookie signs in, as the guarded routes resolve it (`resolveActor`); for pages served
 * outside the API's routes that depend on the viewer (a room page painted by the server, modules/web/web.ts).
 */
export function viewerResolver(auth: Auth, db: Db): (headers: FastifyRequest['headers']) => Promise<Actor | null> {
  const readSession = sessionReader(auth, db);
  return async (headers) => {
    if (!headers.cookie) return null;
    const read = await readSession(headers.cookie);
    if (read !== undefined) return read;
    const session = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!session) return null;
    const u = session.user as typeof session.user & { role: Role; status: UserStatus | null };
    return { id: u.id, email: u.email, name: u.name, image: u.image ?? null, role: u.role, status: u.status, emailVerified: u.emailVerified };
  };
}

async function actorOfToken(db: Db, token: string): Promise<Actor | null> {
  const holder = await readAccessToken(db, token);
  if (!holder) return null;
  const { tokenId, scopes, ...person } = holder;
  return { ...person, token: { id: tokenId, scopes } };
}

/** Answers about a person (their records, their session) are kept by no cache, shared or private. */
function keepOutOfCaches(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** For routes that are personal without a guard of ours (the auth library's). */
export const personalAnswer: onRequestAsyncHookHandler = async (_request, reply) => {
  keepOutOfCaches(reply);
};

async function signedInActor(request: FastifyRequest, reply: FastifyReply): Promise<Actor> {
  // Every answer of a guarded route, a refusal included, is about the person asking.
  keepOutOfCaches(reply);
  request.actor ??= await request.resolveActor();
  if (!request.actor) throw new UnauthorizedError();
  // A token reaches only the calls its scopes open (the domain's TOKEN_SCOPES): never account settings.
  if (request.actor.token && !tokenMayCall(request.actor.token.scopes, request.method, request.routeOptions.url ?? '')) {
    throw new ForbiddenError(/*i18n*/ 'This access token may not make this call.');
  }
  return request.actor;
}

export const requireUser: onRequestAsyncHookHandler = async (request, reply) => {
  await signedInActor(request, reply);
};

/** What a signed-in person without the role a call needs hears (403). */
export const WRONG_ROLE_MESSAGE = /*i18n*/ 'You do not have the role this needs.';

export function requireRole(...roles: Role[]): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const actor = await signedInActor(request, reply);
    if (!roles.includes(actor.role)) throw new ForbiddenError(WRONG_ROLE_MESSAGE);
  };
}

/**
 * For the actions that reach other people or money (paying, listing a room, asking to host): declared after
 * requireUser or requireRole, it answers 403 EMAIL_NOT_VERIFIED until the account's e-mail is verified.
 */
export const requireVerifiedEmail: onRequestAsyncHookHandler = async (request, reply) => {
  const actor = await signedInActor(request, reply);
  if (!actor.emailVerified) throw new EmailNotVerifiedError();
};

/** Any signed-in person: `routeFor(signedIn, …)` (401 otherwise). */
export const signedIn: Guard<401> = { onRequest: [requireUser], failures: errorResponses(401) };

/** The people whose role the access table gives a capability: `routeFor(holdersOf('payouts'), …)` (401, 403 otherwise). */
export function holdersOf(capability: Capability): Guard<401 | 403> {
  return { onRequest: [requireRole(...rolesFor(capability))], failures: errorResponses(401, 403) };
}

/** The same people once their e-mail is verified (403 EMAIL_NOT_VERIFIED until then). */
export function verified<G extends number>(guard: Guard<G>): Guard<G | 403> {
  return { onRequest: [...guard.onRequest, requireVerifiedEmail], failures: { ...guard.failures, ...errorResponses(403) } };
}

/**
 * For public routes whose answer depends on who asks (a room's host e-mail): looks the session up when a
 * cookie came, never refuses. A signed-in viewer's answer is personal; a visitor's may be cached.
 */
export const identifyViewer: onRequestHookHandler = (request, reply, done) => {
  reply.header('vary', 'Cookie');
  const settle = (found: Actor | null) => {
    // A token opens only the calls its scopes list; to a public page its bearer is a visitor.
    const actor = found?.token ? null : found;
    request.actor = actor;
    if (actor) keepOutOfCaches(reply);
    done();
  };
  // A visitor without a cookie is answered without a promise in between: the room page is a hot path.
  if (request.actor || !request.headers.cookie) return settle(request.actor);
  request.resolveActor().then(settle, done);
};

/** The signed-in actor inside a handler guarded by requireUser or requireRole. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new UnauthorizedError();
  return request.actor;
}

/** True when an e-mail from a path or body (the spec's `/…/{email}` calls) names the signed-in actor. */
export function isOwnEmail(actor: Actor, email: string): boolean {
  return normalizeEmail(email) === actor.email;
}

/**
 * A rate-limit key per signed-in user, whatever address they come from; a caller the route's guard
 * refuses anyway is counted by address.
 */
export async function rateLimitKeyByUser(request: FastifyRequest): Promise<string> {
  request.actor ??= await request.resolveActor();
  return request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`;
}
