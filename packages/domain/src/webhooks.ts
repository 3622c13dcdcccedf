import { z } from 'zod';
import { calendarSyncReasonText } from './calendar-sync-reasons.js';
import { i18n } from './locale.js';

/*
 * Webhooks for hosts (docs/decisions/056-access-tokens-and-webhooks.md, docs/webhooks.md): endpoints that hear of
 * what happens to their stays, signed, retried and logged.
 */

export const WEBHOOK_EVENTS = {
  'booking.requested': /*i18n*/ 'Booking requested',
  'booking.confirmed': /*i18n*/ 'Booking confirmed',
  'booking.cancelled': /*i18n*/ 'Booking cancelled',
  'message.received': /*i18n*/ 'Message received',
  'review.published': /*i18n*/ 'Review published',
  'payout.paid': /*i18n*/ 'Payout paid',
  'calendar.changed': /*i18n*/ 'Calendar changed',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];

/** A host's endpoints at most. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** How many deliveries an endpoint's log shows, newest first. */
export const WEBHOOK_LOG_SIZE = 50;

export const WEBHOOK_URL_REQUIRED = /*i18n*/ 'Please enter the endpoint URL';
export const WEBHOOK_URL_HTTPS = /*i18n*/ 'The endpoint URL must start with https://';
export const WEBHOOK_EVENTS_REQUIRED = /*i18n*/ 'Choose at least one event';

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

const eventsSchema = z
  .array(webhookEventTypeSchema, { error: WEBHOOK_EVENTS_REQUIRED })
  .min(1, { error: WEBHOOK_EVENTS_REQUIRED })
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((event) => events.includes(event)));

/** `POST /api/webhooks`. http:// passes here: the server allows it only for addresses on its allow-list. */
export const createWebhookBodySchema = z.object({
  url: z
    .string({ error: WEBHOOK_URL_REQUIRED })
    .trim()
    .min(1, { error: WEBHOOK_URL_REQUIRED })
    .max(2000, { error: /*i18n*/ 'The endpoint URL can be at most 2000 characters' })
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { error: WEBHOOK_URL_HTTPS }),
  events: eventsSchema,
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

/** Said to an API client whose change names neither (no page sends one). */
export const WEBHOOK_NOTHING_TO_CHANGE = 'Say what to change: events or enabled';

/** `PATCH /api/webhooks/:id`: other events, or enabling a disabled endpoint again; at least one of the two. */
export const updateWebhookBodySchema = z
  .object({ events: eventsSchema.optional(), enabled: z.literal(true).optional() })
  .refine((change) => change.events !== undefined || change.enabled !== undefined, { error: WEBHOOK_NOTHING_TO_CHANGE });
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  status: z.enum(['active', 'disabled']),
  /** Deliveries failed in a row; at the server's limit the endpoint is disabled. */
  failuresInARow: z.int(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to adding an endpoint: the one time its signing secret is shown. */
export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookEndpointsSchema = z.object({ items: z.array(webhookEndpointSchema) });
export type WebhookEndpoints = z.infer<typeof webhookEndpointsSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  event: webhookEventTypeSchema,
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.int(),
  responseStatus: z.int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesSchema = z.object({ items: z.array(webhookDeliverySchema) });
export type WebhookDeliveries = z.infer<typeof webhookDeliveriesSchema>;

export const webhookParamsSchema = z.object({ id: z.uuid({ error: 'The endpoint id is not valid' }) });
export const webhookDeliveryParamsSchema = webhookParamsSchema.extend({ deliveryId: z.uuid({ error: 'The delivery id is not valid' }) });

/** A delivery's error when its endpoint answered with a status other than 2xx (kept in English with the attempt). */
export const endpointAnsweredText = (status: number) => i18n.t('The endpoint answered with HTTP status {status}.', { status });
/** A delivery's error when no answer came (no address refusal to name). */
export const ENDPOINT_UNREACHABLE = /*i18n*/ 'The endpoint could not be reached.';
/** A delivery's error when its endpoint was already disabled as it came to be sent. */
export const ENDPOINT_DISABLED = /*i18n*/ 'The endpoint is disabled.';
/** A waiting delivery's error when its endpoint is disabled for failing. */
export const ENDPOINT_WAS_DISABLED = /*i18n*/ 'The endpoint was disabled.';

/**
 * A delivery's recorded error in the active language: its status written again, an address refusal (the calendar
 * imports' rules, shared) read back from its English, or one of the sentences above through the catalog.
 */
export function deliveryErrorText({ lastError, responseStatus }: { lastError: string | null; responseStatus: number | null }): string | undefined {
  if (!lastError) return undefined;
  if (responseStatus !== null && (responseStatus < 200 || responseStatus >= 300)) return endpointAnsweredText(responseStatus);
  return calendarSyncReasonText(lastError);
}
