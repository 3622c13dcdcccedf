import { z } from 'zod';
import { HOUSE_RULES_MAX_LENGTH, sortAmenities, TIME_OF_DAY, UNKNOWN_AMENITY_MESSAGE, unknownAmenity } from './amenities.js';
import { CANCELLATION_POLICIES } from './cancellation-policies.js';
import { CATEGORY_LABELS } from './categories.js';
import { isIsoDate, isTimeZone, tidyTimeZone, todayIn, type IsoDate } from './dates.js';
import { isOwnImageUrl } from './images.js';
import { LISTING_RULE_FIELDS, splitRuleFields } from './listing-rules-input.js';
import { formatMoney, minorUnitsPerUnit, parseDollars, tooManyDecimalsMessage, type Cents } from './money.js';
import { i18n } from './locale.js';
import { ROOMS_MAX_PAGE_SIZE, ROOMS_PAGE_SIZE } from './search.js';
import { ROOM_LIMITS } from './room-limits.js';
import { hasControlCharacters, hasControlCharactersButLayout } from './text.js';

export { ROOM_LIMITS };

function requiredText(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((s) => !hasControlCharacters(s), { error: `${label} contains characters that are not allowed` });
}

/**
 * A text of several lines the host may leave empty (the description, house rules, arrival instructions), trimmed.
 * `plural` for a label that names several things ('House rules contain …').
 */
function linesOfText(label: string, max: number, { plural = false } = {}) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max.toLocaleString('en-US')} characters` })
    .refine((s) => !hasControlCharactersButLayout(s), { error: `${label} ${plural ? 'contain' : 'contains'} characters that are not allowed` });
}

/** A form field left empty arrives as undefined, '' or (from a number input) NaN. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || Number.isNaN(value);
}

/** A latitude or longitude in degrees, as a number or as typed; a blank field is left out. */
function coordinateSchema(label: 'Latitude' | 'Longitude', limit: 90 | 180) {
  const range = `${label} must be between -${limit} and ${limit}`;
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? undefined : `${label} must be a number`) })
      .refine(Number.isFinite, { error: `${label} must be a number` })
      .min(-limit, { error: range })
      .max(limit, { error: range })
      .optional(),
  );
}

/** The street address: shown to a guest once their stay is confirmed, never before (decision 051). */
export const ADDRESS_MAX_LENGTH = 200;
export const ARRIVAL_INSTRUCTIONS_MAX_LENGTH = 2000;

/** The marketplace currency's major unit as a number or as typed ("120", "19.99"), no more decimals than it has, within the limits; answers minor units. */
const priceSchema = z
  .union([z.number(), z.string()], { error: (issue) => (isBlank(issue.input) ? i18n.t('Price is required') : i18n.t('Price must be a number')) })
  .transform((value, ctx): Cents => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (isBlank(value)) return fail(i18n.t('Price is required'));
    const price = parseDollars(value);
    if (!price) return fail(i18n.t('Price must be a number'));
    // The limits are minor units of the marketplace's currency: $1 to $100,000, ¥100 to ¥10,000,000.
    const minor = price.cents ?? price.dollars * minorUnitsPerUnit();
    if (minor < ROOM_LIMITS.minPriceCents) return fail(i18n.t('Price must be at least {min}', { min: formatMoney(ROOM_LIMITS.minPriceCents) }));
    if (minor > ROOM_LIMITS.maxPriceCents) return fail(i18n.t('Price must be at most {max}', { max: formatMoney(ROOM_LIMITS.maxPriceCents) }));
    if (price.cents === null) return fail(tooManyDecimalsMessage('Price'));
    return price.cents;
  });

export const NO_PHOTO_MESSAGE = 'Please upload at least one photo';
export const TOO_MANY_PHOTOS_MESSAGE = `A room can have at most ${ROOM_LIMITS.maxPhotos} photos`;
const PHOTO_FROM_ELSEWHERE = 'Please upload the photo here; pictures from other sites are not accepted';

/** 1 to 10 pictures this product stored, each once, in the host's order. Every message names `photos` itself. */
const photosSchema = z
  .array(z.string({ error: PHOTO_FROM_ELSEWHERE }), { error: 'Photos must be a list of uploaded pictures' })
  .superRefine((photos, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (photos.length === 0) fail(NO_PHOTO_MESSAGE);
    else if (photos.length > ROOM_LIMITS.maxPhotos) fail(TOO_MANY_PHOTOS_MESSAGE);
    else if (!photos.every(isOwnImageUrl)) fail('Please upload the photos here; pictures from other sites are not accepted');
    else if (new Set(photos).size !== photos.length) fail('Each photo can be added only once');
  });

/** A whole number from 1 to max, as a number or as typed ("3"). */
function countSchema(noun: string, max: number) {
  const required = `Please enter the number of ${noun}`;
  const whole = `The number of ${noun} must be a whole number`;
  return z
    .union([z.number(), z.string()], { error: (issue) => (isBlank(issue.input) ? required : whole) })
    .transform((value, ctx): number => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (isBlank(value)) return fail(required);
      const n = typeof value === 'string' ? (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN) : value;
      if (!Number.isInteger(n)) return fail(whole);
      if (n < 1) return fail(`The number of ${noun} must be at least 1`);
      if (n > max) return fail(`The number of ${noun} must be at most ${max}`);
      return n;
    });
}

/**
 * Amenity keys from the fixed list (packages/domain/src/amenities.ts), stored once each in the list's order. One
 * message for the whole field, so a refusal names `amenities` (not an index in it).
 */
const amenitiesSchema = z
  .array(z.unknown(), { error: 'Amenities must be a list of amenity keys' })
  .max(100, { error: 'Amenities must be a list of at most 100 keys' })
  .superRefine((keys, ctx) => {
    const strange = keys.find((key) => typeof key !== 'string');
    if (strange !== undefined) return void ctx.addIssue({ code: 'custom', message: 'Amenities must be a list of amenity keys' });
    const unknown = unknownAmenity(keys as string[]);
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: UNKNOWN_AMENITY_MESSAGE(unknown) });
  })
  .transform((keys) => sortAmenities(keys as string[]));

/** A time of day as 'HH:MM' (24-hour, what a time input gives), or none: empty or null. */
function timeOfDaySchema(label: string, example: string) {
  const message = `${label} must be a time such as ${example}`;
  return z
    .union([z.string(), z.null()], { error: message })
    .transform((value, ctx): string | null => {
      const time = value?.trim() ?? '';
      if (time === '') return null;
      if (!TIME_OF_DAY.test(time)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return time;
    });
}

function dateSchema(required: string) {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .refine(isIsoDate, { error: /*i18n*/ 'Please enter a date as YYYY-MM-DD' });
}

/** The same calendar day `years` later (29 February becomes 1 March). */
function addYears(date: IsoDate, years: number): IsoDate {
  const year = Number(date.slice(0, 4)) + years;
  const sameDay = `${year}-${date.slice(5)}`;
  return isIsoDate(sameDay) ? sameDay : `${year}-03-01`;
}

/** The last check-out day an availability window starting on `from` may have. */
export function latestAvailabilityEnd(from: IsoDate): IsoDate {
  return addYears(from, ROOM_LIMITS.maxAvailabilityYears);
}

export const AVAILABILITY_START_MESSAGE = /*i18n*/ 'Availability cannot start before today';

/**
 * Availability starts today or later; a window that has already started may keep its start when the room
 * is updated (`keepStart`, the stored start). Answers the field message, or null when the start is fine.
 */
export function availabilityStartError(from: IsoDate, { today, keepStart }: { today: IsoDate; keepStart?: IsoDate | undefined }): string | null {
  return from >= today || from === keepStart ? null : AVAILABILITY_START_MESSAGE;
}

/** `timeZone`: the room's, when the values name one. */
type StartRule = (from: IsoDate, timeZone: string | undefined) => string | null;

function roomInputSchemaWith(startRule: StartRule | null) {
  return z
    .object({
      title: requiredText('Title', ROOM_LIMITS.maxTitleLength),
      location: requiredText('Location', ROOM_LIMITS.maxLocationLength),
      category: z.enum(CATEGORY_LABELS, { error: 'Please choose a category' }),
      from: dateSchema(/*i18n*/ 'Please choose the first available day'),
      to: dateSchema(/*i18n*/ 'Please choose the last available day'),
      price: priceSchema,
      guests: countSchema('guests', ROOM_LIMITS.maxGuests),
      bedrooms: countSchema('bedrooms', ROOM_LIMITS.maxBedrooms),
      bathrooms: countSchema('bathrooms', ROOM_LIMITS.maxBathrooms),
      description: linesOfText('Description', ROOM_LIMITS.maxDescriptionLength).default(''),
      /*
       * Left out, each of the next four is none on a new room and unchanged on an update, as the cancellation
       * policy and the time zone are (docs/decisions/032-amenities-and-house-rules.md): a client that does not
       * know them keeps what the host set. An empty list, an empty time or empty rules clear them.
       */
      amenities: amenitiesSchema.optional(),
      checkInTime: timeOfDaySchema('Check-in time', '15:00').optional(),
      checkOutTime: timeOfDaySchema('Check-out time', '11:00').optional(),
      houseRules: linesOfText('House rules', HOUSE_RULES_MAX_LENGTH, { plural: true }).optional(),
      /*
       * Where the home is (docs/decisions/051-where-a-home-is.md): the host's pin, both or neither; the address and
       * how to get in. Left out: on a new room, the pin is the place its location names (when the gazetteer knows
       * it) and the others are empty; on an update, unchanged.
       */
      latitude: coordinateSchema('Latitude', 90),
      longitude: coordinateSchema('Longitude', 180),
      address: z
        .string({ error: 'Address must be text' })
        .trim()
        .max(ADDRESS_MAX_LENGTH, { error: `Address must be at most ${ADDRESS_MAX_LENGTH} characters` })
        .refine((s) => !hasControlCharacters(s), { error: 'Address contains characters that are not allowed' })
        .optional(),
      arrivalInstructions: linesOfText('Arrival instructions', ARRIVAL_INSTRUCTIONS_MAX_LENGTH, { plural: true }).optional(),
      /** The room's photos in the host's order; the first is the cover. */
      photos: photosSchema.optional(),
      /**
       * The cover, as clients before galleries send it (the spec's `POST /api/room` sends `image`): alone, it is
       * the room's one photo; beside `photos` it must be their first (docs/decisions/031-photo-galleries.md).
       */
      image: z
        .string({ error: 'Please upload a photo of the room' })
        .min(1, { error: 'Please upload a photo of the room', abort: true })
        .refine(isOwnImageUrl, { error: PHOTO_FROM_ELSEWHERE })
        .optional(),
      /** What a guest who cancels gets back. Left out: Flexible on a new room, unchanged on an update. */
      cancellationPolicy: z.enum(CANCELLATION_POLICIES, { error: 'Please choose a cancellation policy' }).optional(),
      /** Where the room is: its check-in days follow this zone's midnight. Left out: the server's zone on a new room, unchanged on an update. */
      timeZone: z
        .string({ error: 'Time zone must be text' })
        .refine(isTimeZone, { error: 'Please choose a time zone such as Europe/Lisbon' })
        .transform(tidyTimeZone)
        .optional(),
      /** The stay rules and fees (listing-rules-input.ts), each left out to keep what the room has. */
      ...LISTING_RULE_FIELDS,
    })
    .superRefine(
      (room, ctx) => {
        // Also runs when another field is missing or of the wrong type (`when`), so the form names the photos
        // with the rest: the values may be anything here.
        if (typeof room !== 'object' || room === null) return;
        const { photos, image } = room as { photos?: unknown; image?: unknown };
        if (photos === undefined && image === undefined) {
          ctx.addIssue({ code: 'custom', path: ['photos'], message: NO_PHOTO_MESSAGE });
        } else if (Array.isArray(photos) && photos.length > 0 && typeof image === 'string' && image !== photos[0]) {
          ctx.addIssue({ code: 'custom', path: ['image'], message: 'The cover (image) must be the first of the photos' });
        }
      },
      { when: () => true },
    )
    .superRefine((room, ctx) => {
      if ((room.latitude === undefined) !== (room.longitude === undefined)) {
        const missing = room.latitude === undefined ? 'latitude' : 'longitude';
        ctx.addIssue({ code: 'custom', path: [missing], message: 'Please place the pin: give both latitude and longitude' });
      }
    })
    .superRefine((room, ctx) => {
      // Runs even when another field failed, so the form shows every message at once; the dates may be what failed.
      if (isIsoDate(room.from)) {
        const startError = startRule?.(room.from, room.timeZone);
        if (startError) ctx.addIssue({ code: 'custom', path: ['from'], message: startError });
      }
      if (!isIsoDate(room.from) || !isIsoDate(room.to)) return;
      if (room.to <= room.from) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: /*i18n*/ 'Availability must end after it starts' });
      } else if (room.to > latestAvailabilityEnd(room.from)) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: /*i18n*/ 'Availability can be at most two years long' });
      }
    })
    .transform((values) => {
      const { rules, rest } = splitRuleFields(values);
      const { price, photos, image, latitude, longitude, ...room } = rest;
      const position = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;
      // The checks above leave at least one photo: `photos`, or a lone `image`.
      const all = photos ?? (image === undefined ? [] : [image]);
      /*
       * A lone `image` (a client from before galleries) names the cover only: a new room's one photo, and on an
       * update the new cover before the room's other photos, which it must not throw away.
       */
      return { ...room, position, priceCents: price, photos: all, image: all[0] ?? '', coverOnly: photos === undefined, rules };
    });
}

/**
 * Every rule but the start one, which needs today where the room is and, on update, the stored room: the
 * routes check it in the service (`availabilityStartError`); forms use `roomInputSchemaFor`.
 */
export const roomInputSchema = roomInputSchemaWith(null);

/** What the form holds (numbers may still be text); what the server stores. */
export type RoomInputValues = z.input<typeof roomInputSchema>;
export type RoomInput = z.output<typeof roomInputSchema>;

/**
 * The whole rule set, start included. Today is read when a value is checked (a long-lived form keeps up
 * with the date), where the room is: in the zone the values name, else `timeZone` (the server's, or the
 * stored room's); `keepStart` is the stored start of the room being updated.
 */
export function roomInputSchemaFor({ today, keepStart, timeZone = 'UTC' }: { today?: IsoDate; keepStart?: IsoDate; timeZone?: string } = {}) {
  return roomInputSchemaWith((from, zone) => availabilityStartError(from, { today: today ?? todayIn(zone ?? timeZone), keepStart }));
}

/** `GET /api/my-listings`: the host's own rooms, a page at a time. */
export const myListingsQuerySchema = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(ROOMS_MAX_PAGE_SIZE).default(ROOMS_PAGE_SIZE),
});

/** `DELETE /api/room/:id` answers how many rooms it removed (the spec's deletedCount). */
export const deletedCountSchema = z.object({ deletedCount: z.int().min(0) });
