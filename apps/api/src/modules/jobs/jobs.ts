import { createHash, randomUUID } from 'node:crypto';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { WebhookEventType } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { RELEASE_SHARE_JOB, type ReleaseShareJob } from '../../db/ledger.js';
import { jobs } from '../../db/schema.js';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.js';
import { currentRequestId } from '../../request-context.js';

/**
 * The outbox (docs/decisions/025-outbox.md): work that must happen once a change has committed is written as a
 * job row in the same transaction as the change, so a crash or an outage can delay it but never lose it. The
 * job worker (job-worker.ts) runs the rows in every server process.
 */

/** What each kind of job carries. */
export type JobPayloads = {
  mail: MailMessage;
  /** A host's share of a stay becomes theirs to be paid (db/ledger.ts). */
  [RELEASE_SHARE_JOB]: ReleaseShareJob;
  /** An event for a person's webhook endpoints, to fan out into a delivery each (modules/webhooks). */
  'webhook-event': { ownerId: string; eventId: string; type: WebhookEventType; body: string };
  /** One delivery to one endpoint of `ownerId`, with the outbox's retries (modules/webhooks). */
  'webhook-delivery': { deliveryId: string; ownerId: string };
};
export type JobKind = keyof JobPayloads;

/** The kinds whose payload names the person they are for: only these may run in a lane that takes turns by person. */
type KindForSomeone = { [K in JobKind]: JobPayloads[K] extends { ownerId: string } ? K : never }[JobKind];

/**
 * A lane of the worker (job-worker.ts): the kinds it runs, and how. Without `parallel`, its jobs run one after the
 * other in batches, in the order they were written. With it, up to that many run at once, never two of one person
 * (the payload's `ownerId`) in a process: whoever has the most queued, others' jobs are next.
 */
export type JobLane = { kinds: readonly JobKind[] | null; parallel?: number };

/**
 * The worker's lanes, each run beside the others (docs/decisions/079 and 080): the marketplace's own work, in order;
 * and calls to receivers other people run, eight at once and one at a time per person. A person's webhook endpoint
 * may take its whole timeout on every delivery, and a host can make many: the mail that signs people in and the
 * shares that pay hosts never wait behind them, nor does another host's delivery.
 */
const LANE_OF: { [K in JobKind]: K extends KindForSomeone ? 'ours' | 'receivers' : 'ours' } = {
  mail: 'ours',
  [RELEASE_SHARE_JOB]: 'ours',
  'webhook-event': 'receivers',
  'webhook-delivery': 'receivers',
};
const kindsOf = (lane: 'ours' | 'receivers') => (Object.keys(LANE_OF) as JobKind[]).filter((kind) => LANE_OF[kind] === lane);
export const JOB_LANES: readonly JobLane[] = [{ kinds: kindsOf('ours') }, { kinds: kindsOf('receivers'), parallel: 8 }];

/** The job worker as a change that wrote jobs sees it: told once the change committed, so they run now rather than at the next poll. */
export type JobKick = { kick(): void };

/** What a change that sends mail needs: the database, the outbox's worker to tell, and the address the mails link to. */
export type MailingDeps = { db: Db; jobs: JobKick; publicUrl: string };

/**
 * Writes a job unless one with the same key exists: callers that may run twice (a retried confirmation, the
 * sweeper and the browser racing) name the job after what it is for, and it is done once. Pass the change's
 * transaction so the job commits, or rolls back, with it.
 */
export async function enqueueJob<K extends JobKind>(db: Db, kind: K, key: string, payload: JobPayloads[K], { runAt }: { runAt?: Date } = {}): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind, key, payload, requestId: currentRequestId(), ...(runAt ? { runAt } : {}) })
    .onConflictDoNothing({ target: jobs.key });
}

/**
 * A mail to send once the change commits. The key names the mail (`booking-confirmed:<id>:guest`); the same
 * key is its Message-ID, so a receiver can tell a resend after a crash from a new mail.
 */
export async function enqueueMail(db: Db, key: string, message: MailMessage): Promise<void> {
  await db.execute(mailJobs([{ key, message }]));
}

/** The outbox job that sends the mail named `key`: what `enqueueMail` writes, and what a query may look for. */
export function mailJobKey(key: string): string {
  return `mail:${key}`;
}

/**
 * Several mails of one change as one statement, each as `enqueueMail` writes it: to put in a `with` of the
 * change's own statement, one round trip fewer on a path as hot as a booking.
 */
export function mailJobs(mails: { key: string; message: MailMessage }[]): SQL {
  const requestId = currentRequestId();
  const rows = mails.map(({ key, message }) => {
    const jobKey = mailJobKey(key);
    return sql`('mail', ${jobKey}, ${JSON.stringify({ ...message, messageId: messageIdFor(jobKey) })}::jsonb, ${requestId})`;
  });
  return sql`insert into ${jobs} (kind, key, payload, request_id) values ${sql.join(rows, sql`, `)} on conflict (key) do nothing`;
}

/**
 * The mailer for mail that has no transaction of ours to join (the auth library's reset and verification
 * links): each message is written to the outbox at once, under a key of its own, and the worker woken.
 */
export function outboxMailer(db: Db, worker: JobKick): Mailer {
  return {
    async send(message) {
      await enqueueMail(db, `account:${randomUUID()}`, message);
      worker.kick();
    },
  };
}

export function messageIdFor(jobKey: string): string {
  return `<${createHash('sha256').update(jobKey).digest('base64url').slice(0, 32)}@outbox.staybook>`;
}

/** Jobs that ran out of attempts: operators see the count in /api/health and the metrics. */
export async function countFailedJobs(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'failed'));
  return Number(row?.n ?? 0);
}

/** Jobs waiting to run (due or retrying later). */
export async function countPendingJobs(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'pending'));
  return Number(row?.n ?? 0);
}
