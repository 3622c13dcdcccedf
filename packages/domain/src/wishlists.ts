import { z } from 'zod';
import { stayGuestsSchema } from './bookings.js';
import { isIsoDate } from './dates.js';
import { i18n } from './locale.js';
import { cursorPageSchema, pageLimitSchema, pageQuerySchema } from './pages.js';
import { isoDateSchema, listedRoomSchema, roomIdSchema } from './rooms.js';
import { askedStayProblems } from './search.js';
import { SAVED_ROOMS_MAX_ASKED, type SavedRooms } from './saved-rooms.js';
import { stayProblemFactsSchema } from './stay-problem-schema.js';
import type { Same } from './shape.js';

/*
 * Wishlists (docs/decisions/052-wishlists.md): named lists of homes a signed-in person saves, each with an optional
 * stay (dates and guests) that prices every home on it by the one quote, shared read-only by a private link; and the
 * homes a person viewed last.
 */

/**
 * `GET /api/wishlists/saved?roomIds=a,b`, as the API checks and describes it: each room asked about that one of the
 * person's lists holds, with those lists. The home page checks it by hand (saved-rooms.ts' `savedRoomsShape`).
 */
export const savedRoomsSchema = z.object({
  saved: z.array(z.object({ roomId: z.string(), lists: z.array(z.object({ id: z.string(), name: z.string() })) })),
});
true satisfies Same<z.infer<typeof savedRoomsSchema>, SavedRooms>;

export const WISHLIST_NAME_MAX_LENGTH = 50;
/** The most lists one person keeps: enough for every trip a person plans, and a bound on what the hearts read. */
export const WISHLISTS_MAX = 100;
/** How many lists the Wishlists page, and the rooms a list's page, show at a time. */
export const WISHLISTS_PAGE_SIZE = 20;
export const WISHLIST_ROOMS_PAGE_SIZE = 24;
/** How many homes 'Recently viewed' keeps per person, newest first. */
export const RECENTLY_VIEWED_LIMIT = 12;

const nameRequired = () => i18n.t('Please name the list');

/** A list's name, trimmed: 1 to 50 characters; its problems in the page's language. */
export const wishlistNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? nameRequired() : i18n.t('The name must be text')) })
  .trim()
  .min(1, { error: nameRequired })
  .max(WISHLIST_NAME_MAX_LENGTH, { error: () => i18n.t("A list's name can be at most {max} characters", { max: WISHLIST_NAME_MAX_LENGTH }) });

/** `POST /api/wishlists`. */
export const createWishlistBodySchema = z.object({ name: wishlistNameSchema });
export type CreateWishlistBody = z.infer<typeof createWishlistBodySchema>;

/**
 * `PATCH /api/wishlists/:id`: a new name, and/or the stay the list prices its homes for (null dates clear it).
 * Check-in and check-out come together, as any stay a guest asks about (`askedStayProblems`: not in the past, not
 * years ahead, within the longest stay); guests default to one. A stay saved earlier keeps its dates when only the
 * name changes, even once they have passed.
 */
export const updateWishlistBodySchema = z
  .object({
    name: wishlistNameSchema.optional(),
    checkin: z.optional(z.nullable(isoDateSchema)),
    checkout: z.optional(z.nullable(isoDateSchema)),
    guests: stayGuestsSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const hasIn = body.checkin != null;
    const hasOut = body.checkout != null;
    if (body.checkin !== undefined || body.checkout !== undefined) {
      if (hasIn !== hasOut) {
        ctx.addIssue({ code: 'custom', path: [hasIn ? 'checkout' : 'checkin'], message: i18n.t('Choose both check-in and check-out, or neither') });
      }
    }
    // Runs even when a date failed its own check: each rule is judged only between calendar dates.
    const dates = { checkin: isIsoDate(body.checkin) ? body.checkin : undefined, checkout: isIsoDate(body.checkout) ? body.checkout : undefined };
    for (const { field, message } of askedStayProblems(dates)) ctx.addIssue({ code: 'custom', path: [field], message });
  });
export type UpdateWishlistBody = z.infer<typeof updateWishlistBodySchema>;

export const wishlistParamsSchema = z.object({ id: z.uuid({ error: 'List id is malformed' }) });
export const wishlistRoomParamsSchema = z.object({ id: z.uuid({ error: 'List id is malformed' }), roomId: roomIdSchema });
/** A shared list's link: 32 random bytes, base64url (43 characters). */
export const sharedWishlistParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Link is malformed' }) });

/** `POST /api/wishlists/:id/rooms`, and the heart's quick save `POST /api/wishlists/save`. */
export const wishlistRoomBodySchema = z.object({ roomId: roomIdSchema });

/** `GET /api/wishlists/saved?roomIds=`: 1 to 100 room ids, comma-separated. */
export const savedRoomsQuerySchema = z.object({
  roomIds: z
    .string()
    .max(SAVED_ROOMS_MAX_ASKED * 37)
    .transform((text) => text.split(',').filter((id) => id !== ''))
    .pipe(z.array(roomIdSchema).min(1).max(SAVED_ROOMS_MAX_ASKED)),
});

/** The stay a list prices its homes for. */
export const wishlistStaySchema = z.object({ checkin: isoDateSchema, checkout: isoDateSchema, guests: z.int() });
export type WishlistStay = z.infer<typeof wishlistStaySchema>;

/** One of the person's lists, as the Wishlists page shows it. */
export const wishlistSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** How many homes it holds. */
  count: z.int(),
  /** The picture of the home saved last, or null for an empty list. */
  cover: z.string().nullable(),
  stay: wishlistStaySchema.nullable(),
  /** The private link's token while the list is shared (only ever answered to its owner), else null. */
  shareToken: z.string().nullable(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

export const listWishlistsQuerySchema = pageQuerySchema(WISHLISTS_PAGE_SIZE, 300);
export const wishlistsPageSchema = cursorPageSchema(wishlistSchema);
export type WishlistsPage = z.infer<typeof wishlistsPageSchema>;

/** Whether the list's stay is free in a home, with its total by the one quote, or why not. */
export const roomStaySchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(true), nights: z.int(), totalCents: z.int() }),
  z.object({
    available: z.literal(false),
    /** The first rule the stay breaks, in the words the room page uses (English). */
    reason: z.string(),
    /** The same, as the problem and its figures, for a page to write in its language (`stayProblemText`). */
    reasonFacts: stayProblemFactsSchema,
  }),
]);
export type RoomStay = z.infer<typeof roomStaySchema>;

export const wishlistRoomSchema = z.object({
  room: listedRoomSchema,
  /** ISO timestamp. */
  savedAt: z.string(),
  /** The list's stay in this home; null while the list has no dates. */
  stay: roomStaySchema.nullable(),
});
export type WishlistRoom = z.infer<typeof wishlistRoomSchema>;

export const wishlistRoomsQuerySchema = listWishlistsQuerySchema.extend({ limit: pageLimitSchema(WISHLIST_ROOMS_PAGE_SIZE) });

/** `GET /api/wishlists/:id` and a shared link's `GET /api/wishlists/shared/:token`: the list and a page of its homes. */
export const wishlistPageSchema = z.object({
  list: wishlistSchema,
  /** Whose list it is, by first name: what a shared link tells its reader. */
  owner: z.object({ firstName: z.string() }),
  items: z.array(wishlistRoomSchema),
  nextCursor: z.string().nullable(),
});
export type WishlistPage = z.infer<typeof wishlistPageSchema>;

/** The heart's quick save: the list it went to, and whether that list was made for it ('Saved'). */
export const quickSaveSchema = z.object({ list: z.object({ id: z.uuid(), name: z.string() }), created: z.boolean() });
export type QuickSave = z.infer<typeof quickSaveSchema>;

/** `POST /api/recently-viewed`. */
export const recentlyViewedBodySchema = wishlistRoomBodySchema;
/** `GET /api/recently-viewed`: the homes the person opened last, newest first. */
export const recentlyViewedSchema = z.object({ items: z.array(listedRoomSchema) });
export type RecentlyViewed = z.infer<typeof recentlyViewedSchema>;

/** A person's first name, as a shared list names its owner. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
