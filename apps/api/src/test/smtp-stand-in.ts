import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** `raw`: the whole message as it arrived (headers and MIME body). */
export type ReceivedMessage = { to: string; messageId: string | null; subject: string | null; raw: string };

/**
 * A real SMTP server on localhost for tests of the mail path. `accept` takes every message; `refuse` answers
 * every connection with 421 (a server that is down for maintenance); `stall` accepts the connection and never
 * greets, as a hung server does, so a send stays in flight until the client gives up or dies.
 */
export type SmtpMode = 'accept' | 'refuse' | 'stall';

export type SmtpStandIn = {
  url: string;
  received: ReceivedMessage[];
  setMode(mode: SmtpMode): void;
  /** Resolves once a client is connected and waiting in `stall` mode. */
  stalled(): Promise<void>;
  close(): Promise<void>;
};

function header(raw: string, name: string): string | null {
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/, 1)[0] ?? '');
  return match ? match[1]!.trim() : null;
}

export async function startSmtpStandIn(mode: SmtpMode = 'accept'): Promise<SmtpStandIn> {
  let current = mode;
  const received: ReceivedMessage[] = [];
  const stalledSockets = new Set<Socket>();
  let stallWaiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(session, callback) {
      if (current === 'refuse') {
        const err = Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
        callback(err);
        return;
      }
      if (current === 'stall') {
        for (const resolve of stallWaiters) resolve();
        stallWaiters = [];
        return; // never answered: the client waits for a greeting
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(', ');
        received.push({ to, messageId: header(raw, 'Message-ID'), subject: header(raw, 'Subject'), raw });
        callback();
      });
    },
  });
  server.server.on('connection', (socket: Socket) => {
    if (current === 'stall') {
      stalledSockets.add(socket);
      socket.on('close', () => stalledSockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setMode(next) {
      current = next;
      if (next !== 'stall') for (const socket of stalledSockets) socket.destroy();
    },
    stalled: () => new Promise<void>((resolve) => stallWaiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of stalledSockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
