import { createHmac, randomBytes } from 'node:crypto';

/*
 * How a webhook delivery is signed (docs/webhooks.md, decision 056): the header
 * `StayBook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`.
 * The timestamp inside the signed text lets a receiver refuse an old delivery replayed later.
 */

export const SIGNATURE_HEADER = 'staybook-signature';
export const EVENT_ID_HEADER = 'staybook-event-id';
/** Every endpoint's secret starts so, as every token does with `sbk_`. */
const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${signature}`;
}
