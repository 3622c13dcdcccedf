import type { ServerInfo, SessionUser } from './accounts.js';
import type { RoomAvailability } from './bookings.js';
import { AMENITY_KEYS } from './amenities.js';
import { CANCELLATION_POLICIES } from './cancellation-policies.js';
import { CATEGORY_LABELS } from './categories.js';
import { isIsoDate } from './dates.js';
import type { FirstRoomPage, FirstRooms, ListedRoom, Room, RoomsPage } from './rooms.js';
import { array, boolean, int, isUuid, nullable, nullish, number, object, oneOf, optional, refined, string, uuid, type Infer, type Same } from './shape.js';
import { ROLES, USER_STATUSES } from './users.js';

/*
 * The API's answers the home and room pages read before anyone can touch them, checked by hand, without zod
 * (docs/decisions/066-first-touch.md): the rooms embedded in the home page and its later pages, a room and the
 * nights its reservation card offers, the session, the server's settings. Each shape gives exactly its zod schema's type (rooms.ts, accounts.ts), or the
 * type check fails; first-paint-answers.test.ts holds both to the same answers.
 */

/** The element of the home page's HTML that holds its first page of rooms as JSON (rooms.ts' `firstRoomsSchema`). */
export const FIRST_ROOMS_ELEMENT_ID = 'staybook-first-rooms';
/** The element of a room page painted for a signed-in viewer that holds its session and room (`firstRoomPageSchema`). */
export const FIRST_ROOM_ELEMENT_ID = 'staybook-first-room';

/** Whether a room's address names a room: its id is a uuid. */
export const isRoomId = isUuid;

const isoDate = () => refined('a date as YYYY-MM-DD', (v): v is string => isIsoDate(v));

const hostFields = { name: string(), image: nullable(string()) };

const roomFields = {
  _id: uuid(),
  title: string(),
  location: string(),
  category: oneOf(CATEGORY_LABELS),
  from: isoDate(),
  to: isoDate(),
  price: number(),
  priceCents: int(),
  guests: int(),
  bedrooms: int(),
  bathrooms: int(),
  description: string(),
  image: string(),
  booked: boolean(),
  timeZone: string(),
  cancellationPolicy: oneOf(CANCELLATION_POLICIES),
  area: nullable(object({ latitude: number(), longitude: number(), radiusMeters: int() })),
};

const rating = { count: int(), average: nullable(number()) };

export const listedRoomShape = object({
  ...roomFields,
  host: object(hostFields, { strict: true }),
  rating: object(rating),
  nights: optional(int()),
  totalCents: optional(int()),
  checkin: optional(isoDate()),
  checkout: optional(isoDate()),
  distanceKm: optional(number()),
});
true satisfies Same<Infer<typeof listedRoomShape>, ListedRoom>;

export const roomsPageShape = object({
  items: array(listedRoomShape),
  nextCursor: nullable(string()),
  total: optional(object({ count: int(), more: boolean() })),
  near: optional(object({ name: string(), country: string(), latitude: number(), longitude: number(), timeZone: string() })),
});
true satisfies Same<Infer<typeof roomsPageShape>, RoomsPage>;

const categoryAverages = object({
  cleanliness: number(),
  accuracy: number(),
  communication: number(),
  location: number(),
  checkIn: number(),
  value: number(),
});

export const roomShape = object({
  ...roomFields,
  host: object({ ...hostFields, id: optional(uuid()), email: optional(string()) }, { strict: true }),
  photos: array(string()),
  rating: object({ ...rating, categories: nullable(categoryAverages) }),
  amenities: array(oneOf(AMENITY_KEYS)),
  checkInTime: nullable(string()),
  checkOutTime: nullable(string()),
  houseRules: string(),
  rules: object({
    weekendPriceCents: nullable(int()),
    minNights: int(),
    maxNights: int(),
    checkInDays: int(),
    checkOutDays: int(),
    noticeDays: int(),
    sameDayUntil: nullable(string()),
    bookingWindowMonths: nullable(int()),
    preparationNights: int(),
    cleaningFeeCents: int(),
    extraGuestFeeCents: int(),
    guestsIncluded: int(),
    weeklyDiscountPct: int(),
    monthlyDiscountPct: int(),
    taxRateBp: int(),
    instantBook: boolean(),
  }),
  serviceFeeBp: int(),
});
true satisfies Same<Infer<typeof roomShape>, Room>;

const isoDates = { from: isoDate(), to: isoDate() };
/** An instant as the API writes it: `Date.prototype.toISOString`'s UTC form. */
const moment = () => refined('an ISO timestamp', (v): v is string => typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(v) && !Number.isNaN(Date.parse(v)));

/** `GET /api/room/:id/availability`: the reservation card's nights (bookings.ts' `roomAvailabilitySchema`). */
export const roomAvailabilityShape = object({
  ...isoDates,
  taken: array(object(isoDates)),
  firstBookable: nullable(isoDate()),
  booked: boolean(),
  nights: array(object({ ...isoDates, priceCents: nullable(int()), minNights: nullable(int()), blocked: boolean() })),
  clock: object({ utcOffsetMinutes: int(), since: moment(), until: moment() }),
});
true satisfies Same<Infer<typeof roomAvailabilityShape>, RoomAvailability>;

export const sessionUserShape = object({
  id: string(),
  name: string(),
  email: string(),
  image: nullish(string()),
  role: oneOf(ROLES),
  status: nullish(oneOf(USER_STATUSES)),
  emailVerified: boolean(),
});
true satisfies Same<Infer<typeof sessionUserShape>, SessionUser>;

/** `GET /api/auth/get-session`: null when signed out. */
export const sessionShape = nullable(object({ user: sessionUserShape }));

/** `GET /api/config`. */
export const serverInfoShape = object({
  googleSignIn: boolean(),
  timeZone: string(),
  currency: string(),
  mapTiles: optional(object({ url: string(), attribution: string() })),
});
true satisfies Same<Infer<typeof serverInfoShape>, ServerInfo>;

export const firstRoomsShape = object({ search: string(), page: roomsPageShape });
true satisfies Same<Infer<typeof firstRoomsShape>, FirstRooms>;

export const firstRoomPageShape = object({ user: sessionUserShape, room: roomShape });
true satisfies Same<Infer<typeof firstRoomPageShape>, FirstRoomPage>;
