import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { CALENDAR_SYNC_MESSAGES, calendarSyncReasonSentence, type CalendarSyncReason } from '@staybook/domain/calendar-sync-reasons';

/**
 * Fetches another site's calendar for a host without letting the host aim the server at its own network
 * (docs/decisions/030-calendar-sync.md): http and https only; the host name is resolved and every address it
 * gives must be public (private, loopback, link-local, unique-local, CGNAT, multicast and unspecified ranges are
 * refused, IPv4-mapped IPv6 included) unless the name or the address is on the operator's allow-list; the
 * connection goes to the address that was checked (no second lookup a DNS answer could change); every redirect
 * hop is checked again; the whole fetch has a time limit and the body a size limit, counted as it arrives.
 */

/** Every address a host name resolves to, in the resolver's order (`dns.lookup` with `all`). */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

export type FetchLimits = {
  /** Host names and addresses a fetch may reach although they are not public (CALENDAR_IMPORT_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  /** The system's resolver unless a test gives names answers of its own. */
  resolveHost?: ResolveHost;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
};

export const DEFAULT_FETCH_LIMITS: FetchLimits = { allowHosts: [], timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 };

/** A fetch refused or failed: its reason, and that reason's English as the message (shown to the host beside the import). */
export class CalendarFetchError extends Error {
  override name = 'CalendarFetchError';

  constructor(readonly reason: CalendarSyncReason) {
    super(calendarSyncReasonSentence(reason) ?? CALENDAR_SYNC_MESSAGES.notRead);
  }
}

const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // 'this network', the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // Every form that carries an IPv4 address inside (but the mapped one, judged as its IPv4 address below) is
  // refused whole: the IPv4 address inside may be private, and a relay or translator would reach it.
  ['::', 96], // unspecified, loopback, and IPv4-compatible (::a.b.c.d, deprecated)
  ['::ffff:0:0:0', 96], // IPv4-translated (::ffff:0:a.b.c.d)
  ['64:ff9b::', 96], // NAT64, well-known prefix
  ['64:ff9b:1::', 48], // NAT64, local-use prefix
  ['2001::', 32], // Teredo: an IPv4 address and port, obfuscated
  ['2002::', 16], // 6to4 (deprecated): an IPv4 address in bits 16 to 48
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:127.0.0.1), or the address as it is. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return address;
}

/** Whether an address is one anybody on the internet could reach (not this machine's, not a private network's). */
export function isPublicAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

function hostOf(url: URL): string {
  // An IPv6 literal keeps its brackets in a URL, not in a host name.
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** A URL's scheme, or a message for the host when it is not one we fetch. */
export function checkScheme(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CalendarFetchError({ code: 'notHttp' });
  if (url.username || url.password) throw new CalendarFetchError({ code: 'withCredentials' });
}

/**
 * The address to connect to for `url`, once every address its host name resolves to has been checked: all must
 * be public, or the name or the address allowed. Resolving it again when connecting could give another answer.
 */
export async function checkedAddress(
  url: URL,
  allowHosts: readonly string[],
  resolveHost: ResolveHost = systemResolve,
): Promise<{ address: string; family: 4 | 6 }> {
  checkScheme(url);
  const host = hostOf(url);
  const allowed = new Set(allowHosts.map((h) => h.toLowerCase()));
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolveHost(host);
    } catch {
      throw new CalendarFetchError({ code: 'hostNotFound', fact: host });
    }
  }
  if (addresses.length === 0) throw new CalendarFetchError({ code: 'hostNotFound', fact: host });
  for (const { address } of addresses) {
    if (!isPublicAddress(address) && !allowed.has(host) && !allowed.has(unmapped(address))) {
      throw new CalendarFetchError({ code: 'privateNetwork' });
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function systemResolve(host: string) {
  return dnsLookup(host, { all: true, verbatim: true });
}

type Response = { status: number; location: string | undefined; body: Buffer };

/** One request to the checked address, with the time and size limits; redirects are answered, not followed. */
function requestOnce(
  url: URL,
  target: { address: string; family: 4 | 6 },
  limits: FetchLimits,
  signal: AbortSignal,
  post?: { headers: Record<string, string>; body: string },
): Promise<Response> {
  // Every lookup of this request answers the checked address: the TLS name and Host header stay the URL's. It
  // answers on a later tick, as a real lookup does: answered at once, a connection refused by the system at once
  // (ENETUNREACH for an address this machine has no route to) errs before the request listens to its socket,
  // and that error would end the process.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    process.nextTick(() => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const headers = post ? post.headers : { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'StayBook calendar sync' };
    const req = client.request(
      url,
      { method: post ? 'POST' : 'GET', lookup: pinned, signal, agent: false, headers },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          res.destroy();
          reject(tooLarge(limits));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            res.destroy();
            reject(tooLarge(limits));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, location: undefined, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(post?.body);
    // However far the answer got, the time limit ends it.
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

function tooLarge(limits: FetchLimits): CalendarFetchError {
  return new CalendarFetchError({ code: 'tooLarge', fact: String(Math.round(limits.maxBytes / 1024 / 1024)) });
}

/** The body of a calendar URL as text, or a CalendarFetchError saying why not. */
export async function fetchCalendarText(address: string, limits: FetchLimits): Promise<string> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new CalendarFetchError({ code: 'notAnAddress' });
  }
  try {
    for (let hop = 0; ; hop += 1) {
      const target = await checkedAddress(url, limits.allowHosts, limits.resolveHost);
      const res = await requestOnce(url, target, limits, signal);
      if (res.status >= 300 && res.status < 400 && res.location) {
        if (hop >= limits.maxRedirects) throw new CalendarFetchError({ code: 'tooManyRedirects' });
        url = new URL(res.location, url);
        continue;
      }
      if (res.status !== 200) throw new CalendarFetchError({ code: 'httpStatus', fact: String(res.status) });
      return res.body.toString('utf8');
    }
  } catch (err) {
    if (err instanceof CalendarFetchError) throw err;
    if (signal.aborted) throw new CalendarFetchError({ code: 'noAnswer', fact: String(limits.timeoutMs / 1000) });
    throw new CalendarFetchError({ code: 'notFetched' });
  }
}

/**
 * POSTs a body to a URL under the same rules as a calendar fetch (checked address, pinned connection, time and size
 * limits) and answers the status; a redirect is answered, not followed. For webhook deliveries (decision 056).
 */
export async function safePost(address: string, post: { headers: Record<string, string>; body: string }, limits: FetchLimits): Promise<{ status: number }> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const url = new URL(address);
  const target = await checkedAddress(url, limits.allowHosts, limits.resolveHost);
  try {
    const { status } = await requestOnce(url, target, limits, signal, post);
    return { status };
  } catch (err) {
    if (err instanceof CalendarFetchError) throw err;
    if (signal.aborted) throw new CalendarFetchError({ code: 'noAnswer', fact: String(limits.timeoutMs / 1000) });
    throw new CalendarFetchError({ code: 'unreachable' });
  }
}
