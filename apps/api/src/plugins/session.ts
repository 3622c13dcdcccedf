import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role, UserStatus } from '@staybook/domain';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import type { Auth } from '../modules/auth/auth.js';

/** Who is asking, as the database says now (role included): never what the client claims. */
export type Actor = { id: string; email: string; name: string; image: string | null; role: Role; status: UserStatus | null };

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/**
 * Resolves the session cookie into `request.actor` before every API handler. Routes declare what
 * they need with `requireUser` or `requireRole(...)`: 401 when signed out, 403 when the role is wrong.
 */
export function registerSession(app: FastifyInstance, auth: Auth): void {
  app.decorateRequest('actor', null);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.headers.cookie) return;
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return;
    const u = session.user as typeof session.user & { role: Role; status: UserStatus | null };
    request.actor = { id: u.id, email: u.email, name: u.name, image: u.image ?? null, role: u.role, status: u.status };
  });
}

export const requireUser: preHandlerAsyncHookHandler = async (request) => {
  if (!request.actor) throw new UnauthorizedError();
};

export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!request.actor) throw new UnauthorizedError();
    if (!roles.includes(request.actor.role)) throw new ForbiddenError('You do not have the role this needs.');
  };
}

/** The signed-in actor inside a handler guarded by requireUser or requireRole. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new UnauthorizedError();
  return request.actor;
}
