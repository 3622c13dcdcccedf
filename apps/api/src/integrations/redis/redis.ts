import { Redis } from 'ioredis';
import type { Config } from '../../config.js';

type Log = { warn(obj: object, msg: string): void; info(msg: string): void };

/** The server cannot reach the configured Redis at start-up: it refuses to start rather than count limits alone. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

/** How long a rate-limit check may wait on Redis before the request goes ahead without it. */
const COMMAND_TIMEOUT_MS = 500;

/**
 * The Redis every server of a site shares, for counting rate limits across all of them. Failure policy
 * (docs/decisions/020-several-servers.md): at start-up an unreachable Redis stops the server with a clear
 * message; at run time a lost Redis never holds a request up or fails it: commands fail at once while it is
 * away (no offline queue, a short timeout), the limits let requests through, one warning is logged per
 * outage, and the client reconnects by itself.
 */
export async function connectRedis(settings: NonNullable<Config['redis']>, log: Log): Promise<SharedRedis> {
  const client = new Redis(settings.url, {
    keyPrefix: settings.keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Keep trying, at most every two seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let started = false;
  let closing = false;
  let down = false;
  const lost = (reason: string) => {
    if (!started || closing || down) return;
    down = true;
    log.warn({ reason }, 'Redis is unreachable: rate limits let requests through uncounted until it is back');
  };
  client.on('error', (err: Error) => lost(err.message));
  client.on('close', () => lost('connection closed'));
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is back: rate limits are counted across the servers again');
  });
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw new RedisUnavailableError(`REDIS_URL: Redis at ${redactUrl(settings.url)} cannot be reached (${(err as Error).message}).`);
  }
  started = true;
  return {
    client,
    async close() {
      closing = true;
      client.disconnect();
    },
  };
}

export type SharedRedis = { client: Redis; close(): Promise<void> };

/** A Redis URL without its password, for messages. */
function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
