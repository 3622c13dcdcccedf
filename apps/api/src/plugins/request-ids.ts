/*
 * Request ids: every request has one, on each of its log lines (`reqId`) and on its answer (`X-Request-Id`), so a
 * person quoting an error's id leads the operator to its lines. Behind proxies of ours (TRUST_PROXY), the id the
 * proxy sent is kept, so one id follows a request from the edge; otherwise, and when what was sent is not a
 * plausible id, a new one is drawn. Work a request leaves for later (the outbox's jobs) carries its id, so the job
 * worker's lines name the request that queued them (`request-context.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { withRequestId } from '../request-context.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy may send as an id: short, and nothing a log line or a header could be broken with. */
const PLAUSIBLE_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The request's id: the trusted proxy's when it sent a plausible one, else a new UUID. */
export function requestIdFor(request: Pick<IncomingMessage, 'headers'>, trustProxy: number): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return trustProxy > 0 && typeof sent === 'string' && PLAUSIBLE_ID.test(sent) ? sent : randomUUID();
}

/**
 * Sends each request's id back, and makes it the current one for everything the request runs: from its first hook,
 * and again once its body is read (the body's last chunk arrives in the socket's context, not the request's, and
 * the rest of the request runs on from there). A request without a body runs on from its first hook.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    withRequestId(request.id, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const { headers } = request.raw;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) done();
    else withRequestId(request.id, done);
  });
}
