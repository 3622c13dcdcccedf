import pg from 'pg';

export type ChannelHandlers = {
  /** A notification on the channel (its payload). */
  message(payload: string): void;
  /** The listening connection is gone: notifications may be missed until `ready` is called again. */
  lost(): void;
  /** Listening (again): from now on every notification arrives. */
  ready(): void;
};

export type Subscription = { close(): Promise<void> };

const RECONNECT_MS = 1_000;

/**
 * LISTENs on a PostgreSQL channel over a connection of its own (a pooled one cannot stay subscribed), and
 * reconnects after losing it. The first connection must succeed; later losses are reported through `lost`.
 */
export async function listenToChannel(url: string, channel: string, handlers: ChannelHandlers): Promise<Subscription> {
  let current: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    const drop = () => {
      if (current !== client) return;
      current = null;
      handlers.lost();
      void client.end().catch(() => {});
      if (!closed) timer = setTimeout(retry, RECONNECT_MS);
    };
    client.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    client.on('error', drop);
    client.on('end', drop);
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    handlers.ready();
  };
  const retry = () => {
    connect().catch(() => {
      if (!closed) timer = setTimeout(retry, RECONNECT_MS);
    });
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
