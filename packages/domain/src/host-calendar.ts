import { z } from 'zod';
import { formatIsoDate, isIsoDate } from './dates.js';
import { LISTING_RULE_LIMITS } from './listing-rules.js';
import { currencyDecimals, formatMoney, parseDollars, tooManyDecimalsMessage } from './money.js';
import { countText, i18n } from './locale.js';
import { ROOM_LIMITS } from './room-limits.js';
import { isoDateSchema, listingRulesSchema } from './rooms.js';
import { stayProblemFactsSchema } from './stay-problem-schema.js';

/*
 * The host calendar (docs/decisions/047-host-calendar-and-price-quote.md): a listing's nights month by month, each with
 * its price and what holds it, and the changes a host makes on a range of nights (block, price, minimum stay, note).
 */

/** What holds a night, as the calendar colours it. */
export const CALENDAR_NIGHT_STATES = ['free', 'booked', 'blocked', 'imported', 'preparation', 'outside', 'past'] as const;
export type CalendarNightState = (typeof CALENDAR_NIGHT_STATES)[number];

/** The most nights one read or one change may cover: two years, the longest availability window. */
export const MAX_CALENDAR_NIGHTS = 731;
/** The months one read answers when it is not told. */
export const CALENDAR_MONTHS = 12;

export const hostCalendarNightSchema = z.object({
  date: isoDateSchema,
  /** What a stay pays for this night, and whether that is the weekend price or one set on the night. */
  priceCents: z.int(),
  weekend: z.boolean(),
  customPrice: z.boolean(),
  state: z.enum(CALENDAR_NIGHT_STATES),
  /** A booked night: its stay and guest (the trip page's link). */
  bookingId: z.uuid().nullable(),
  guestName: z.string().nullable(),
  /** An imported night: the other site the calendar comes from (its address's host). */
  importedFrom: z.string().nullable(),
  /** A minimum stay set for stays starting on this night (null: the listing's). */
  minNights: z.int().nullable(),
  note: z.string().nullable(),
  /** Why no stay can start on this night, in a guest's words (English); null when one can. */
  startProblem: z.string().nullable(),
  /** The same, as the problem and its figures, for a page to write in its language (`stayProblemText`); null when one can. */
  startProblemFacts: stayProblemFactsSchema.nullable(),
});
export type HostCalendarNight = z.infer<typeof hostCalendarNightSchema>;

export const hostCalendarSchema = z.object({
  roomId: z.uuid(),
  title: z.string(),
  timeZone: z.string(),
  /** Today where the room is. */
  today: isoDateSchema,
  /** The first night answered and the day after the last. */
  from: isoDateSchema,
  to: isoDateSchema,
  priceCents: z.int(),
  rules: listingRulesSchema,
  nights: z.array(hostCalendarNightSchema),
});
export type HostCalendar = z.infer<typeof hostCalendarSchema>;

/** `GET /api/room/:id/calendar/nights`: from a month's first day (default: this month), so many months. */
export const hostCalendarQuerySchema = z.object({
  from: z.string().refine(isIsoDate, { error: 'Expected a date as YYYY-MM-DD' }).optional(),
  months: z.coerce.number({ error: 'Months must be a whole number from 1 to 24' }).int({ error: 'Months must be a whole number from 1 to 24' }).min(1, { error: 'Months must be a whole number from 1 to 24' }).max(24, { error: 'Months must be a whole number from 1 to 24' }).default(CALENDAR_MONTHS),
});

/**
 * Why the calendar refused a read or a change that names a value, as the facts its sentence is written from: the API
 * answers the English sentence as the error's `message` (the contract, as before) and these as the error's `facts`,
 * which a page writes in its language with `calendarRefusalText`. The calendar reaches `last` at the latest, and back
 * to `first` at the earliest; a change starts before `today` where the home is; a confirmed stay `from`–`to`, or a
 * request for it the host has not answered, holds nights a change would block.
 */
export const calendarRefusalFactsSchema = z.discriminatedUnion('refusal', [
  z.object({ refusal: z.literal('past-the-end'), last: isoDateSchema }),
  z.object({ refusal: z.literal('before-the-start'), first: isoDateSchema }),
  z.object({ refusal: z.literal('before-today'), today: isoDateSchema }),
  z.object({ refusal: z.literal('stay-in-the-way'), from: isoDateSchema, to: isoDateSchema }),
  z.object({ refusal: z.literal('request-in-the-way'), from: isoDateSchema, to: isoDateSchema }),
]);
export type CalendarRefusalFacts = z.infer<typeof calendarRefusalFactsSchema>;

/** A calendar refusal's sentence, in the active language: the API's English `message`, or a page's. */
export function calendarRefusalText(facts: CalendarRefusalFacts): string {
  switch (facts.refusal) {
    case 'past-the-end':
      return i18n.t('The calendar reaches {date} at the latest.', { date: formatIsoDate(facts.last) });
    case 'before-the-start':
      return i18n.t('The calendar reaches back to {date} at the earliest.', { date: formatIsoDate(facts.first) });
    case 'before-today':
      return i18n.t('Nights before today ({date} where the home is) cannot be changed.', { date: formatIsoDate(facts.today) });
    case 'stay-in-the-way':
      return i18n.t('A confirmed stay from {from} to {to} holds some of these nights, so they cannot be blocked. Choose other nights, or cancel the stay first.', {
        from: formatIsoDate(facts.from),
        to: formatIsoDate(facts.to),
      });
    case 'request-in-the-way':
      return i18n.t('A request to stay from {from} to {to} holds some of these nights, so they cannot be blocked. Choose other nights, or decline the request first.', {
        from: formatIsoDate(facts.from),
        to: formatIsoDate(facts.to),
      });
  }
}

/** A night setting as the API answers and takes it back (undo). */
export const nightSettingSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  priceCents: z.int().min(ROOM_LIMITS.minPriceCents).max(ROOM_LIMITS.maxPriceCents).nullable(),
  minNights: z.int().min(1).max(LISTING_RULE_LIMITS.maxNights).nullable(),
  blocked: z.boolean(),
  note: z.string().max(500).nullable(),
});

/** Written when asked, in the marketplace's currency: 'Price per night must be an amount from $1 to $100,000'. */
const priceMessage = () =>
  i18n.t('Price per night must be an amount from {min} to {max}', { min: formatMoney(ROOM_LIMITS.minPriceCents), max: formatMoney(ROOM_LIMITS.maxPriceCents) });

/** Written when asked: 'Minimum stay must be a whole number from 1 to 365 nights'. */
const minNightsMessage = () =>
  i18n.t('Minimum stay must be a whole number from {min} to {max} nights', { min: countText(1), max: countText(LISTING_RULE_LIMITS.maxNights) });

/** The most characters a night's note holds. */
const NOTE_MAX_LENGTH = 500;

/**
 * What a change sets on every night of its range; null puts a field back to the listing's. Each field's sentences
 * are written when the value is checked: a page writes them in its language, the server in English.
 */
export const nightChangeSchema = z
  .object({
    blocked: z.boolean({ error: () => i18n.t('Blocked must be true or false') }).optional(),
    /** The currency's major unit (dollars, yen), as 'Price per night' is typed. */
    price: z
      .union([z.number(), z.string(), z.null()], { error: priceMessage })
      .transform((value, ctx): number | null => {
        if (value === null || value === '') return null;
        const amount = parseDollars(value);
        if (!amount || amount.cents === null || amount.cents < ROOM_LIMITS.minPriceCents || amount.cents > ROOM_LIMITS.maxPriceCents) {
          ctx.addIssue({ code: 'custom', message: amount && amount.cents === null && currencyDecimals() === 0 ? tooManyDecimalsMessage('Price per night') : priceMessage() });
          return z.NEVER;
        }
        return amount.cents;
      })
      .optional(),
    minNights: z
      .int({ error: minNightsMessage })
      .min(1, { error: minNightsMessage })
      .max(LISTING_RULE_LIMITS.maxNights, { error: minNightsMessage })
      .nullable()
      .optional(),
    note: z
      .string({ error: () => i18n.t('Note must be text') })
      .trim()
      .max(NOTE_MAX_LENGTH, { error: () => i18n.t('Note must be at most {max} characters', { max: countText(NOTE_MAX_LENGTH) }) })
      .nullable()
      .transform((note) => (note ? note : null))
      .optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), { error: 'Say what to change: blocked, price, minNights or note' });

/** `PUT /api/room/:id/calendar/nights`: set something on a range of nights, or put back what it had (undo). */
export const nightsChangeBodySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    set: nightChangeSchema.optional(),
    restore: z.array(nightSettingSchema).max(MAX_CALENDAR_NIGHTS).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.set === undefined) === (body.restore === undefined)) ctx.addIssue({ code: 'custom', message: 'Send either set or restore', path: ['set'] });
    if (isIsoDate(body.from) && isIsoDate(body.to) && body.to <= body.from) ctx.addIssue({ code: 'custom', message: 'The last night must not come before the first', path: ['to'] });
  });
export type NightsChangeBody = z.infer<typeof nightsChangeBodySchema>;

/** What a change answers: what the range held before (to undo it with `restore`). */
export const nightsChangeResultSchema = z.object({ previous: z.array(nightSettingSchema) });
