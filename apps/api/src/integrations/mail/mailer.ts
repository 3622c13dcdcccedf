import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** A file sent with a mail (a booking's .ics); text content, so the outbox's JSON payload carries it as it is. */
export type MailAttachment = { filename: string; content: string; contentType: string };

/** `messageId` (`<…@…>`) stays the same when a mail is sent again, so receivers can tell a resend from a new mail. */
export type MailMessage = { to: string; subject: string; text: string; html: string; messageId?: string; attachments?: MailAttachment[] };

/** Sends the product's mail: over SMTP when configured, otherwise into a local outbox folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type Log = { info(obj: object, msg: string): void };

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; log: Log }): Mailer {
  if (options.smtpUrl) {
    // nodemailer waits up to 10 minutes on a silent server by default; the outbox retries a stalled send instead.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  // No SMTP server: each message becomes an .eml file anyone can open with a mail program.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(options.dataDir);
  // The folder is made when a write finds it missing (the first mail, or after someone removed it), not per mail.
  const writeToOutbox = async (file: string, content: Buffer) => {
    try {
      await writeFile(file, content);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await mkdir(dir, { recursive: true });
      await writeFile(file, content);
    }
  };
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      const file = join(dir, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeToOutbox(file, info.message as Buffer);
      options.log.info({ file, to: message.to }, 'Mail written to the outbox (set SMTP_URL to send it)');
    },
  };
}
