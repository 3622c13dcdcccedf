import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { errorResponses } from './errors.js';
import type { $ZodType } from 'zod/v4/core';

/**
 * The parts of a request a route reads, each checked by its schema before the handler runs (zod or zod/mini: the
 * type provider infers `request.params`, `.query`, `.body` and `.headers` from them), and the media types its body
 * may come in when it is not JSON.
 */
type RequestParts = { params?: $ZodType; querystring?: $ZodType; body?: $ZodType; headers?: $ZodType; consumes?: readonly string[] };

/** The answers a route's failures give, by status (`errorResponses(…)`). */
type Failures = Record<number, $ZodType>;

/**
 * A route's entry in the API reference and its checks: what it does, the parts of the request it reads, the body
 * it answers with on success and its failure answers (`errorResponses(…)`: the statuses, each the product's error
 * shape). Success is 200 unless `status` says otherwise: 201 for a route that makes something, 204 for one that
 * answers nothing, or several when the handler picks one (each answers the same body). A route that answers a file
 * names its media type (`produces`); JSON is the default.
 */
export function routeSchema<R extends RequestParts, T extends $ZodType, F extends Failures = Record<never, never>, S extends number = 200>(
  summary: string,
  request: R,
  ok: T,
  failures?: F,
  { status, produces }: { status?: S | readonly S[]; produces?: string } = {},
) {
  const successes = Object.fromEntries([status ?? 200].flat().map((code) => [code, ok])) as Record<S, T>;
  return { summary, ...request, ...(produces ? { produces: [produces] } : {}), response: { ...successes, ...failures } as Record<S, T> & F };
}

/**
 * The answer of a route whose answers carry an ETag, to a GET whose `If-None-Match` names the current one: 304 and
 * no body (the listing cache's answers, modules/rooms/listing-cache.ts).
 */
export const notModified = { 304: z.null().describe('Not modified: the answer `If-None-Match` names is still current') };

/**
 * The failures of a call on one record its path names (a booking, a wishlist, a webhook endpoint): 400 for a malformed
 * id, 404 when there is none the caller may see. Never 403 for someone else's record: a stranger learns nothing of it.
 */
export const oneRecord = errorResponses(400, 404);

/** What every state-changing call may answer besides: 403 when another site's page sent it (plugins/origin-check.ts). */
const fromOtherSites = errorResponses(403);

/** A call that changes one record its path names: `oneRecord`'s failures, and `fromOtherSites`. */
export const changingOneRecord = { ...oneRecord, ...fromOtherSites };

/**
 * Who may call a route: the hooks that let a caller through (`signedIn`, `holdersOf(capability)`, `verified(…)` in
 * plugins/session.ts), and the failures they answer by themselves (401, and 403 for a role or an unverified e-mail),
 * so that a route never lists them again.
 */
export type Guard<G extends number = number> = { onRequest: onRequestAsyncHookHandler[]; failures: Record<G, $ZodType> };

/**
 * A guarded route's options: its guard, and its schema (as `routeSchema` writes it) with the guard's failures beside
 * the route's own.
 */
export function routeFor<G extends number, R extends RequestParts, T extends $ZodType, F extends Failures = Record<never, never>, S extends number = 200>(
  guard: Guard<G>,
  summary: string,
  request: R,
  ok: T,
  failures?: F,
  options?: { status?: S | readonly S[]; produces?: string },
) {
  return { onRequest: guard.onRequest, schema: routeSchema<R, T, Record<G, $ZodType> & F, S>(summary, request, ok, { ...guard.failures, ...failures } as Record<G, $ZodType> & F, options) };
}

/** The answer of a route that answers nothing (its schema says `{ status: 204 }`), once its work is done. */
export async function noContent(reply: FastifyReply, work: Promise<unknown>) {
  await work;
  return reply.status(204).send(null);
}
