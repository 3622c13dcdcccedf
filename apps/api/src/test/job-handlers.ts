import { releaseShare, RELEASE_SHARE_JOB } from '../db/ledger.js';
import type { Db } from '../db/client.js';
import type { MailMessage } from '../integrations/mail/mailer.js';
import type { JobHandlers } from '../modules/jobs/job-worker.js';
import { webhookFetchLimits, webhookJobHandlers } from '../modules/webhooks/deliver-webhook.js';

/** A worker's handlers with the test's own way of sending mail, and every other kind of job run as the app runs it. */
export function handlersWithMail(db: Db, mail: (message: MailMessage) => Promise<void>): JobHandlers {
  const webhooks = { db, limits: webhookFetchLimits([]), publicUrl: 'http://localhost:3000' };
  return { mail, [RELEASE_SHARE_JOB]: async ({ bookingId }) => void (await releaseShare(db, bookingId)), ...webhookJobHandlers(webhooks, { kick: () => {} }) };
}
