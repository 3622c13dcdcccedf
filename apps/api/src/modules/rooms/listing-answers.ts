import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { nextDayStartIn } from '@staybook/domain';

/*
 * One answer of the listing cache (listing-cache.ts) on its own: what a computation hands the cache, the answer made
 * of it (its bytes with a strong ETag, its br and gzip forms made once when first asked for, how long it holds), and
 * how it is sent (304 when the client has it, else the encoding the client takes). Which answers are kept, and when
 * they go, is the cache's. See docs/decisions/018-listing-cache.md.
 */

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

type Representation = { body: Buffer; etag: string };

/**
 * What a computation hands the cache: the bytes, the rooms they show and those rooms' time zones. `anyStay`
 * marks an answer that a booking or cancellation in any room may change (a search with dates: a room it left
 * out for a stay comes back when that stay is cancelled), so every stay change drops it; `anyRating` one that a
 * rating in any room may reorder ('Top rated'), so every rating change drops it, and a booking does not.
 * `keepUntil`: an instant before the zones' next midnight after which the answer may be wrong (a same-day
 * booking's cut-off time may pass), so it goes then.
 */
export type Computed = { body: string; roomIds: string[]; timeZones?: string[]; anyStay?: boolean; anyRating?: boolean; keepUntil?: number };

export type CachedAnswer = {
  key: string;
  identity: Representation;
  encoded: Partial<Record<Encoding, Representation | null>>;
  /** The rooms the answer shows, so a booking in one of them drops it. */
  roomIds: string[];
  /** A stay change in any room drops it (see Computed). */
  anyStay: boolean;
  /** A rating change in any room drops it (see Computed). */
  anyRating: boolean;
  /** When `booked` may change for one of its rooms: the earliest next midnight in their time zones (ms). */
  validUntil: number;
  bytes: number;
};

/**
 * The first midnight after `from` in any of the zones (UTC when there are none: an empty page). Answers are
 * few and computed rarely; a hit only compares a number.
 */
function validUntil(from: number, timeZones: readonly string[]): number {
  const zones = new Set(timeZones.length > 0 ? timeZones : ['UTC']);
  let until = Infinity;
  for (const zone of zones) until = Math.min(until, nextDayStartOf(zone, from));
  return until;
}

/**
 * Each zone's next midnight, as last worked out: still the first after any moment from when it was worked out until
 * it comes. A dated search counts rooms in many zones, and working a midnight out costs more than the search's
 * judging of a room.
 */
const nextMidnights = new Map<string, { from: number; at: number }>();

function nextDayStartOf(zone: string, from: number): number {
  const known = nextMidnights.get(zone);
  if (known && known.from <= from && from < known.at) return known.at;
  const at = nextDayStartIn(zone, new Date(from)).getTime();
  nextMidnights.set(zone, { from, at });
  return at;
}

function representation(body: Buffer, tag: string): Representation {
  return { body, etag: `"${tag}"` };
}

/**
 * The answer made of what a computation that began at `startedAt` handed back; `key` null for an answer kept
 * nowhere (a personal one), which holds for no time at all.
 */
export function makeAnswer(key: string | null, computed: Computed, startedAt: number): CachedAnswer {
  const { body, roomIds, timeZones = [], anyStay = false, anyRating = false, keepUntil = Infinity } = computed;
  const identity = Buffer.from(body);
  const tag = createHash('sha1').update(identity).digest('base64url');
  const until = key === null ? 0 : Math.min(keepUntil, validUntil(startedAt, timeZones));
  return { key: key ?? '', identity: representation(identity, tag), encoded: {}, roomIds, anyStay, anyRating, validUntil: until, bytes: identity.length };
}

/**
 * An answer is compressed on the path of the first request that takes that encoding, and most are asked for once
 * (every party searches its own place, dates and size). So brotli runs at quality 5 for a kept answer: on the
 * product's answers (a page of rooms of 20-35 KB, the home page's 106 KB of HTML) quality 9 took 25 to 80 times
 * the CPU (25-30 ms for a page of rooms) to save 1-1.5% of the bytes. A personal answer (`fresh`, a signed-in
 * viewer's room or painted room page), kept nowhere, takes quality 4. gzip's level 9 costs about what 6 does here.
 */
function compress(body: Buffer, encoding: Encoding, once: boolean): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: once ? 4 : 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: once ? 6 : 9 });
}

/** True when If-None-Match names this representation (weak comparison, as RFC 9110 asks for this header). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  reply.header('vary', current ? `${String(current)}, ${field}` : field);
}

/** The answer in `encoding`, made the first time it is asked for; `grown` hears the bytes that adds to the answer. */
function encodedForm(answer: CachedAnswer, encoding: Encoding, grown: (size: number) => void): Representation | null {
  let form = answer.encoded[encoding];
  if (form === undefined) {
    // A fresh answer has no key: nothing keeps it past this request.
    const body = compress(answer.identity.body, encoding, answer.key === '');
    // Not worth a Content-Encoding when it saves nothing.
    form = body.length < answer.identity.body.length ? representation(body, `${answer.identity.etag.slice(1, -1)}-${encoding}`) : null;
    answer.encoded[encoding] = form;
    const size = form?.body.length ?? 0;
    answer.bytes += size;
    grown(size);
  }
  return form;
}

/**
 * Sends an answer: 304 when the client's If-None-Match names it, else its bytes in the best encoding the client
 * takes, as `type`. `grown` hears the bytes of an encoded form made for this request.
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  type: string,
  grown: (size: number) => void,
): FastifyReply {
  // Kept by browsers and revalidated with the ETag; a personal answer keeps its no-store.
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
  appendVary(reply, 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ENCODINGS) : null;
  const form = (encoding && encodedForm(answer, encoding, grown)) || null;
  const chosen = form ?? answer.identity;
  reply.header('etag', chosen.etag);
  if (notModified(request.headers['if-none-match'], chosen.etag)) return reply.code(304).send();
  if (form) reply.header('content-encoding', encoding);
  return reply.type(type).send(chosen.body);
}
