/*
 * Which request the running work belongs to: set for each request by plugins/request-ids.ts, read by what queues
 * work for later (the outbox) and set again by the job worker for a job a request queued.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request whose work is running now, if any (work no request started has none). */
export function currentRequestId(): string | null {
  return requestContext.getStore()?.requestId ?? null;
}

/** Runs `work` as part of the request `requestId` (none: as it is). */
export function withRequestId<T>(requestId: string | null, work: () => T): T {
  return requestId ? requestContext.run({ requestId }, work) : work();
}
