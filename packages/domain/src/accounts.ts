import { z } from 'zod/mini';
import { ROLES, USER_STATUSES } from './users.js';

/*
 * What the API answers about people, and the limits their input is held to. The shapes are built with zod/mini:
 * the web app checks them at first paint on every page (see rooms.ts and docs/decisions/017-bundle-budget.md).
 * The request and form rules built on these limits are in identity.ts.
 */

/** Password policy: long enough to resist guessing, short enough to bound hashing cost. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Largest image a person may upload (profile photos, room pictures). */
export const MAX_UPLOAD_MB = 5;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

export const NAME_MAX_LENGTH = 80;

export const roleSchema = z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` });
export const userStatusSchema = z.enum(USER_STATUSES);

/** A user record as the users endpoints answer it. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.nullable(z.string()),
  role: roleSchema,
  status: z.nullable(userStatusSchema),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** A user as Manage Users lists them: with how many stays they cancelled as a host in the last 12 months. */
export const managedUserSchema = z.extend(userSchema, { hostCancellations: z.int() });
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** A page of Manage Users, in e-mail order: the cursors lead to the pages after and before it (null at either end). */
export const usersPageSchema = z.object({
  items: z.array(managedUserSchema),
  nextCursor: z.nullable(z.string()),
  prevCursor: z.nullable(z.string()),
});
export type UsersPage = z.infer<typeof usersPageSchema>;

/** `GET /api/users/requests/count`: how many guests wait for an admin's answer (the sidebar's badge). */
export const hostRequestCountSchema = z.object({ requested: z.int().check(z.minimum(0)) });
export type HostRequestCount = z.infer<typeof hostRequestCountSchema>;

/** `PUT /api/user` (host request) and `PATCH /api/users/update/:email` answer how many records changed. */
export const modifiedCountSchema = z.object({ modifiedCount: z.int().check(z.minimum(0)) });

export const uploadedImageSchema = z.object({ url: z.string(), display_url: z.string() });

/** What the server tells the app about itself before anyone signs in. */
export const serverInfoSchema = z.object({
  googleSignIn: z.boolean(),
  /** The server's configured zone (TIME_ZONE): a new room's zone unless its host picks another. */
  timeZone: z.string(),
  /** The marketplace's currency (decision 061), an ISO 4217 code: every amount is a count of its minor units. */
  currency: z.string(),
  /** The map's raster tiles (MAP_TILE_URL) and their credit, as text; absent: the offline basemap (decision 053). */
  mapTiles: z.optional(z.object({ url: z.string(), attribution: z.string() })),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;

/** The signed-in person as `GET /api/auth/get-session` answers it (null when signed out). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.nullish(z.string()),
  role: roleSchema,
  status: z.nullish(userStatusSchema),
  /** Whether the person proved the address (its link, a password reset, or Google): paying, listing and hosting need it. */
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const sessionSchema = z.nullable(z.object({ user: sessionUserSchema }));
