import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie } from 'cookie';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { BrowsingReads, ReadTarget, ReplicaReads, WalPosition } from '../db/replica.js';

/**
 * Read-your-writes across servers (docs/decisions/055-read-replica.md): every answer to a request that may write
 * (any method but GET, HEAD and OPTIONS) that succeeded carries, in a signed cookie, the primary's WAL position read
 * after it; that person's browsing reads go to the replica only once it has replayed that far. Signed, so a client
 * cannot send everyone's reads to the primary by naming a position far ahead; short-lived, since a replica
 * normally replays within milliseconds.
 */
export const WRITTEN_COOKIE = 'staybook_written';
const WRITTEN_SECONDS = 300;
const READS_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

function signature(secret: string, value: string): string {
  return createHmac('sha256', secret).update(`wal ${value}`).digest('base64url').slice(0, 22);
}

/** The position a request's cookie names, when its signature holds. */
export function writtenPosition(cookieHeader: string | undefined, secret: string): WalPosition | null {
  if (!cookieHeader) return null;
  const [value, signed] = (parseCookie(cookieHeader)[WRITTEN_COOKIE] ?? '').split('.', 2);
  if (!value || !signed || !/^[0-9a-f]{1,16}$/.test(value)) return null;
  const expected = Buffer.from(signature(secret, value));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected) ? BigInt(`0x${value}`) : null;
}

/** The Set-Cookie value naming `position`. */
export function writtenCookie(position: WalPosition, secret: string, secure: boolean): string {
  const value = position.toString(16);
  return `${WRITTEN_COOKIE}=${value}.${signature(secret, value)}; Max-Age=${WRITTEN_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Marks every successful writing request's answer with the primary's position (before the routes are registered,
 * so it covers them all), and answers the `BrowsingReads` the browsing routes get.
 */
export function registerReplicaReads(app: FastifyInstance, { reads, secret, secure }: { reads: ReplicaReads; secret: string; secure: boolean }): BrowsingReads {
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS_ONLY.has(request.method) || reply.statusCode >= 400) return payload;
    try {
      reply.header('set-cookie', writtenCookie(await reads.primaryPosition(), secret, secure));
    } catch (err) {
      // The write committed; its writer may read it back from the replica a moment late.
      request.log.warn({ err }, 'could not read the primary\'s WAL position after a write');
    }
    return payload;
  });
  return (request, work) => reads.read(writtenPosition(request.headers.cookie, secret), work);
}

/** The replica in /api/metrics: whether reads go to it, and where each browsing read ran. */
export function replicaMetrics(registry: Registry, isUp: () => boolean): (target: ReadTarget) => void {
  new Gauge({
    name: 'staybook_read_replica_up',
    help: 'Whether browsing reads may go to the read replica (0 while it does not answer and they go to the primary)',
    registers: [registry],
    collect() {
      this.set(isUp() ? 1 : 0);
    },
  });
  const reads = new Counter({
    name: 'staybook_browsing_reads_total',
    help: 'Browsing reads by where they ran: replica, primary_behind (the replica had not replayed what the reader must see), primary_replica_down',
    labelNames: ['target'] as const,
    registers: [registry],
  });
  return (target) => reads.inc({ target });
}
