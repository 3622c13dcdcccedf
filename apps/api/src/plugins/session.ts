import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { normalizeEmail, type Role, type UserStatus } from '@staybook/domain';
import { EmailNotVerifiedError, ForbiddenError, UnauthorizedError } from '../errors.js';
import type { Auth } from '../modules/auth/auth.js';

/** Who is asking, as the database says now (role included): never what the client claims. */
export type Actor = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
  status: UserStatus | null;
  /** Whether the person proved they receive mail at `email` (docs/decisions/024-verified-email.md). */
  emailVerified: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireRole (or identifyViewer, where signing in is optional) on the routes that declare them. */
    actor: Actor | null;
    /** Resolves the session cookie into the actor; only the guards call it, so public routes never pay for it. */
    resolveActor: () => Promise<Actor | null>;
  }
}

/**
 * Routes declare what they need with `onRequest: requireUser` or `onRequest: requireRole(...)`: 401 when
 * signed out, 403 when the role is wrong. They run before the body is read and the input validated, so a
 * caller who may not use a route learns nothing about what it expects. The session is looked up only for
 * those routes, once per request.
 */
export function registerSession(app: FastifyInstance, auth: Auth): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('resolveActor', async function (this: FastifyRequest) {
    if (!this.headers.cookie) return null;
    const session = await auth.api.getSession({ headers: fromNodeHeaders(this.headers) });
    if (!session) return null;
    const u = session.user as typeof session.user & { role: Role; status: UserStatus | null };
    return { id: u.id, email: u.email, name: u.name, image: u.image ?? null, role: u.role, status: u.status, emailVerified: u.emailVerified };
  });
}

/** Answers about a person (their records, their session) are kept by no cache, shared or private. */
function keepOutOfCaches(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** For routes that are personal without a guard of ours (the auth library's). */
export const personalAnswer: onRequestAsyncHookHandler = async (_request, reply) => {
  keepOutOfCaches(reply);
};

async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<Actor> {
  // Every answer of a guarded route, a refusal included, is about the person asking.
  keepOutOfCaches(reply);
  request.actor ??= await request.resolveActor();
  if (!request.actor) throw new UnauthorizedError();
  return request.actor;
}

export const requireUser: onRequestAsyncHookHandler = async (request, reply) => {
  await signedIn(request, reply);
};

export function requireRole(...roles: Role[]): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const actor = await signedIn(request, reply);
    if (!roles.includes(actor.role)) throw new ForbiddenError('You do not have the role this needs.');
  };
}

/**
 * For the actions that reach other people or money (paying, listing a room, asking to host): declared after
 * requireUser or requireRole, it answers 403 EMAIL_NOT_VERIFIED until the account's e-mail is verified.
 */
export const requireVerifiedEmail: onRequestAsyncHookHandler = async (request, reply) => {
  const actor = await signedIn(request, reply);
  if (!actor.emailVerified) throw new EmailNotVerifiedError();
};

/**
 * For public routes whose answer depends on who asks (a room's host e-mail): looks the session up when a
 * cookie came, never refuses. A signed-in viewer's answer is personal; a visitor's may be cached.
 */
export const identifyViewer: onRequestHookHandler = (request, reply, done) => {
  reply.header('vary', 'Cookie');
  const settle = (actor: Actor | null) => {
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
