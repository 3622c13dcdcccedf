import { z } from 'zod';
import { HOUSE_RULES_MAX_LENGTH, sortAmenities, UNKNOWN_AMENITY_MESSAGE, unknownAmenity } from './amenities.js';
import { CANCELLATION_POLICIES } from './cancellation-policies.js';
import { CATEGORY_LABELS } from './categories.js';
import { isIsoDate, isTimeZone, tidyTimeZone, todayIn, type IsoDate } from './dates.js';
import { isOwnImageUrl } from './images.js';
import { LISTING_RULE_FIELDS, splitRuleFields, timeOfDaySchema } from './listing-rules-input.js';
import { formatMoney, minorUnitsPerUnit, parseDollars, tooManyDecimalsMessage, type Cents } from './money.js';
import { countText, i18n } from './locale.js';
import { ROOMS_MAX_PAGE_SIZE, ROOMS_PAGE_SIZE } from './search.js';
import { ROOM_LIMITS } from './room-limits.js';
import { hasControlCharacters, hasControlCharactersButLayout } from './text.js';

export { ROOM_LIMITS };

/**
 * A text field's sentences, one per check, each written when the value is checked (a page shows them in its
 * language, the server in English); `tooLong` is given the most characters as the page's numbers write it.
 */
interface TextTexts {
  required?: () => string;
  notText: () => string;
  tooLong: (max: string) => string;
  notAllowed: () => string;
}

function requiredText(max: number, texts: Required<TextTexts>) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? texts.required() : texts.notText()) })
    .trim()
    .min(1, { error: texts.required })
    .max(max, { error: () => texts.tooLong(countText(max)) })
    .refine((s) => !hasControlCharacters(s), { error: texts.notAllowed });
}

/** A text of several lines the host may leave empty (the description, house rules, arrival instructions), trimmed. */
function linesOfText(max: number, texts: TextTexts) {
  return z
    .string({ error: texts.notText })
    .trim()
    .max(max, { error: () => texts.tooLong(countText(max)) })
    .refine((s) => !hasControlCharactersButLayout(s), { error: texts.notAllowed });
}

/** A form field left empty arrives as undefined, '' or (from a number input) NaN. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || Number.isNaN(value);
}

/**
 * A latitude or longitude in degrees, as a number or as typed; a blank field is left out. Its two sentences are
 * written when the value is checked; `range` is given the limit as the page's numbers write it.
 */
function coordinateSchema(limit: 90 | 180, texts: { notANumber: () => string; range: (limit: string) => string }) {
  const range = () => texts.range(countText(limit));
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? undefined : texts.notANumber()) })
      .refine(Number.isFinite, { error: texts.notANumber })
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

/** The photos' sentences, written when asked (a page shows them in its language, the server in English). */
const noPhotoMessage = () => i18n.t('Please upload at least one photo');
const photoFromElsewhere = () => i18n.t('Please upload the photo here; pictures from other sites are not accepted');

/** 1 to 10 pictures this product stored, each once, in the host's order. Every message names `photos` itself. */
const photosSchema = z
  .array(z.string({ error: photoFromElsewhere }), { error: () => i18n.t('Photos must be a list of uploaded pictures') })
  .superRefine((photos, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (photos.length === 0) fail(noPhotoMessage());
    else if (photos.length > ROOM_LIMITS.maxPhotos) fail(i18n.t('A room can have at most {max} photos', { max: countText(ROOM_LIMITS.maxPhotos) }));
    else if (!photos.every(isOwnImageUrl)) fail(i18n.t('Please upload the photos here; pictures from other sites are not accepted'));
    else if (new Set(photos).size !== photos.length) fail(i18n.t('Each photo can be added only once'));
  });

/**
 * A whole number from 1 to max, as a number or as typed ("3"). Its sentences, one per check, are written when the
 * value is checked; `atMost` is given the most as the page's numbers write it.
 */
function countSchema(max: number, texts: { required: () => string; whole: () => string; atLeastOne: () => string; atMost: (max: string) => string }) {
  return z
    .union([z.number(), z.string()], { error: (issue) => (isBlank(issue.input) ? texts.required() : texts.whole()) })
    .transform((value, ctx): number => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (isBlank(value)) return fail(texts.required());
      const n = typeof value === 'string' ? (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN) : value;
      if (!Number.isInteger(n)) return fail(texts.whole());
      if (n < 1) return fail(texts.atLeastOne());
      if (n > max) return fail(texts.atMost(countText(max)));
      return n;
    });
}

/**
 * Amenity keys from the fixed list (packages/domain/src/amenities.ts), stored once each in the list's order. One
 * message for the whole field, so a refusal names `amenities` (not an index in it).
 */
const amenitiesSchema = z
  .array(z.unknown(), { error: () => i18n.t('Amenities must be a list of amenity keys') })
  .max(100, { error: () => i18n.t('Amenities must be a list of at most {max} keys', { max: countText(100) }) })
  .superRefine((keys, ctx) => {
    const strange = keys.find((key) => typeof key !== 'string');
    if (strange !== undefined) return void ctx.addIssue({ code: 'custom', message: i18n.t('Amenities must be a list of amenity keys') });
    const unknown = unknownAmenity(keys as string[]);
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: UNKNOWN_AMENITY_MESSAGE(unknown) });
  })
  .transform((keys) => sortAmenities(keys as string[]));

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

/**
 * The last check-out day an availability window starting on `from` may have: two years on. A second bound holds
 * too, from today rather than from the start: `furthestAvailabilityEnd` (three years from today, decision 073).
 */
export function latestAvailabilityEnd(from: IsoDate): IsoDate {
  return addYears(from, ROOM_LIMITS.maxAvailabilityYears);
}

/** The furthest check-out day any room's availability may have, `today` where the room is: three years on. */
export function furthestAvailabilityEnd(today: IsoDate): IsoDate {
  return addYears(today, ROOM_LIMITS.maxAvailabilityReachYears);
}

export const AVAILABILITY_START_MESSAGE = /*i18n*/ 'Availability cannot start before today';
export const AVAILABILITY_REACH_MESSAGE = /*i18n*/ 'Availability can end at most three years from today';

/** The dates of a room's availability, as a host sends them, or as they are stored. */
type AvailabilityDates = { from: IsoDate; to: IsoDate };

/**
 * The rules of an availability window that depend on today where the room is: it starts today or later, and ends
 * at most three years from today. On update, the stored window (`keep`) may keep a start that has passed and an end
 * set before the second rule was. Answers the field broken and its message, or null when the dates are fine.
 */
export function availabilityDatesError(
  { from, to }: AvailabilityDates,
  { today, keep }: { today: IsoDate; keep?: AvailabilityDates | undefined },
): { field: 'from' | 'to'; message: string } | null {
  if (from < today && from !== keep?.from) return { field: 'from', message: AVAILABILITY_START_MESSAGE };
  if (to > furthestAvailabilityEnd(today) && to !== keep?.to) return { field: 'to', message: AVAILABILITY_REACH_MESSAGE };
  return null;
}

/** `timeZone`: the room's, when the values name one. */
type TodayRule = (dates: AvailabilityDates, timeZone: string | undefined) => ReturnType<typeof availabilityDatesError>;

function roomInputSchemaWith(todayRule: TodayRule | null) {
  return z
    .object({
      title: requiredText(ROOM_LIMITS.maxTitleLength, {
        required: () => i18n.t('Title is required'),
        notText: () => i18n.t('Title must be text'),
        tooLong: (max) => i18n.t('Title must be at most {max} characters', { max }),
        notAllowed: () => i18n.t('Title contains characters that are not allowed'),
      }),
      location: requiredText(ROOM_LIMITS.maxLocationLength, {
        required: () => i18n.t('Location is required'),
        notText: () => i18n.t('Location must be text'),
        tooLong: (max) => i18n.t('Location must be at most {max} characters', { max }),
        notAllowed: () => i18n.t('Location contains characters that are not allowed'),
      }),
      category: z.enum(CATEGORY_LABELS, { error: () => i18n.t('Please choose a category') }),
      from: dateSchema(/*i18n*/ 'Please choose the first available day'),
      to: dateSchema(/*i18n*/ 'Please choose the last available day'),
      price: priceSchema,
      guests: countSchema(ROOM_LIMITS.maxGuests, {
        required: () => i18n.t('Please enter the number of guests'),
        whole: () => i18n.t('The number of guests must be a whole number'),
        atLeastOne: () => i18n.t('The number of guests must be at least 1'),
        atMost: (max) => i18n.t('The number of guests must be at most {max}', { max }),
      }),
      bedrooms: countSchema(ROOM_LIMITS.maxBedrooms, {
        required: () => i18n.t('Please enter the number of bedrooms'),
        whole: () => i18n.t('The number of bedrooms must be a whole number'),
        atLeastOne: () => i18n.t('The number of bedrooms must be at least 1'),
        atMost: (max) => i18n.t('The number of bedrooms must be at most {max}', { max }),
      }),
      bathrooms: countSchema(ROOM_LIMITS.maxBathrooms, {
        required: () => i18n.t('Please enter the number of bathrooms'),
        whole: () => i18n.t('The number of bathrooms must be a whole number'),
        atLeastOne: () => i18n.t('The number of bathrooms must be at least 1'),
        atMost: (max) => i18n.t('The number of bathrooms must be at most {max}', { max }),
      }),
      description: linesOfText(ROOM_LIMITS.maxDescriptionLength, {
        notText: () => i18n.t('Description must be text'),
        tooLong: (max) => i18n.t('Description must be at most {max} characters', { max }),
        notAllowed: () => i18n.t('Description contains characters that are not allowed'),
      }).default(''),
      /*
       * Left out, each of the next four is none on a new room and unchanged on an update, as the cancellation
       * policy and the time zone are (docs/decisions/032-amenities-and-house-rules.md): a client that does not
       * know them keeps what the host set. An empty list, an empty time or empty rules clear them.
       */
      amenities: amenitiesSchema.optional(),
      checkInTime: timeOfDaySchema(() => i18n.t('Check-in time must be a time such as 15:00')).optional(),
      checkOutTime: timeOfDaySchema(() => i18n.t('Check-out time must be a time such as 11:00')).optional(),
      houseRules: linesOfText(HOUSE_RULES_MAX_LENGTH, {
        notText: () => i18n.t('House rules must be text'),
        tooLong: (max) => i18n.t('House rules must be at most {max} characters', { max }),
        notAllowed: () => i18n.t('House rules contain characters that are not allowed'),
      }).optional(),
      /*
       * Where the home is (docs/decisions/051-where-a-home-is.md): the host's pin, both or neither; the address and
       * how to get in. Left out: on a new room, the pin is the place its location names (when the gazetteer knows
       * it) and the others are empty; on an update, unchanged.
       */
      latitude: coordinateSchema(90, {
        notANumber: () => i18n.t('Latitude must be a number'),
        range: (limit) => i18n.t('Latitude must be between -{limit} and {limit}', { limit }),
      }),
      longitude: coordinateSchema(180, {
        notANumber: () => i18n.t('Longitude must be a number'),
        range: (limit) => i18n.t('Longitude must be between -{limit} and {limit}', { limit }),
      }),
      address: z
        .string({ error: () => i18n.t('Address must be text') })
        .trim()
        .max(ADDRESS_MAX_LENGTH, { error: () => i18n.t('Address must be at most {max} characters', { max: countText(ADDRESS_MAX_LENGTH) }) })
        .refine((s) => !hasControlCharacters(s), { error: () => i18n.t('Address contains characters that are not allowed') })
        .optional(),
      arrivalInstructions: linesOfText(ARRIVAL_INSTRUCTIONS_MAX_LENGTH, {
        notText: () => i18n.t('Arrival instructions must be text'),
        tooLong: (max) => i18n.t('Arrival instructions must be at most {max} characters', { max }),
        notAllowed: () => i18n.t('Arrival instructions contain characters that are not allowed'),
      }).optional(),
      /** The room's photos in the host's order; the first is the cover. */
      photos: photosSchema.optional(),
      /**
       * The cover, as clients before galleries send it (the spec's `POST /api/room` sends `image`): alone, it is
       * the room's one photo; beside `photos` it must be their first (docs/decisions/031-photo-galleries.md).
       */
      image: z
        .string({ error: () => i18n.t('Please upload a photo of the room') })
        .min(1, { error: () => i18n.t('Please upload a photo of the room'), abort: true })
        .refine(isOwnImageUrl, { error: photoFromElsewhere })
        .optional(),
      /** What a guest who cancels gets back. Left out: Flexible on a new room, unchanged on an update. */
      cancellationPolicy: z.enum(CANCELLATION_POLICIES, { error: () => i18n.t('Please choose a cancellation policy') }).optional(),
      /** Where the room is: its check-in days follow this zone's midnight. Left out: the server's zone on a new room, unchanged on an update. */
      timeZone: z
        .string({ error: () => i18n.t('Time zone must be text') })
        .refine(isTimeZone, { error: () => i18n.t('Please choose a time zone such as Europe/Lisbon') })
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
          ctx.addIssue({ code: 'custom', path: ['photos'], message: noPhotoMessage() });
        } else if (Array.isArray(photos) && photos.length > 0 && typeof image === 'string' && image !== photos[0]) {
          ctx.addIssue({ code: 'custom', path: ['image'], message: i18n.t('The cover (image) must be the first of the photos') });
        }
      },
      { when: () => true },
    )
    .superRefine((room, ctx) => {
      if ((room.latitude === undefined) !== (room.longitude === undefined)) {
        const missing = room.latitude === undefined ? 'latitude' : 'longitude';
        ctx.addIssue({ code: 'custom', path: [missing], message: i18n.t('Please place the pin: give both latitude and longitude') });
      }
    })
    .superRefine((room, ctx) => {
      // Runs even when another field failed, so the form shows every message at once; the dates may be what failed.
      if (!isIsoDate(room.from)) return;
      // While the end is still to be picked, the start is judged alone.
      const todayError = todayRule?.({ from: room.from, to: isIsoDate(room.to) ? room.to : room.from }, room.timeZone);
      if (todayError) ctx.addIssue({ code: 'custom', path: [todayError.field], message: todayError.message });
      if (!isIsoDate(room.to)) return;
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
 * Every rule but those of the dates that need today where the room is and, on update, the stored room: the
 * routes check them in the service (`availabilityDatesError`); forms use `roomInputSchemaFor`.
 */
export const roomInputSchema = roomInputSchemaWith(null);

/** What the form holds (numbers may still be text); what the server stores. */
export type RoomInputValues = z.input<typeof roomInputSchema>;
export type RoomInput = z.output<typeof roomInputSchema>;

/**
 * The whole rule set, the dates' included. Today is read when a value is checked (a long-lived form keeps up
 * with the date), where the room is: in the zone the values name, else `timeZone` (the server's, or the
 * stored room's); `keep` is the stored window of the room being updated.
 */
export function roomInputSchemaFor({ today, keep, timeZone = 'UTC' }: { today?: IsoDate; keep?: AvailabilityDates; timeZone?: string } = {}) {
  return roomInputSchemaWith((dates, zone) => availabilityDatesError(dates, { today: today ?? todayIn(zone ?? timeZone), keep }));
}

/** `GET /api/my-listings`: the host's own rooms, a page at a time. */
export const myListingsQuerySchema = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(ROOMS_MAX_PAGE_SIZE).default(ROOMS_PAGE_SIZE),
});

/** `DELETE /api/room/:id` answers how many rooms it removed (the spec's deletedCount). */
export const deletedCountSchema = z.object({ deletedCount: z.int().min(0) });
