import { z } from 'zod';
import { ROLES, USER_STATUSES } from './users.js';

/** Password policy: long enough to resist guessing, short enough to bound hashing cost. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Largest image a person may upload (profile photos, room pictures). */
export const MAX_UPLOAD_MB = 5;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

export const NAME_MAX_LENGTH = 80;
export const nameSchema = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, { message: `Name must be at most ${NAME_MAX_LENGTH} characters` });

export const emailSchema = z.email({ message: 'Please enter a valid email address' }).max(254);

/** The spec's calls that name a person by e-mail in the path (`/user/{email}`, `/my-bookings/{email}`…). */
export const emailParamsSchema = z.object({ email: emailSchema });

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: 'Password is required' }),
});

/** The spec's sign-up form: name is optional, the photo is required and uploaded first. */
export const signupSchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema,
  password: passwordSchema,
});

export const profileUpdateSchema = z.object({
  name: nameSchema.min(1, { message: 'Name is required' }),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, { message: 'Current password is required' }),
  newPassword: passwordSchema,
});

export const roleSchema = z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` });
export const userStatusSchema = z.enum(USER_STATUSES);

/** A user record as the users endpoints answer it. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  role: roleSchema,
  status: userStatusSchema.nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const USERS_PAGE_SIZE = 50;
export const USERS_MAX_PAGE_SIZE = 200;
export const listUsersQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(USERS_MAX_PAGE_SIZE).default(USERS_PAGE_SIZE),
});
export const usersPageSchema = z.object({ items: z.array(userSchema), nextCursor: z.string().nullable() });
export type UsersPage = z.infer<typeof usersPageSchema>;

/** `PUT /api/user` (host request) and `PATCH /api/users/update/:email` answer how many records changed. */
export const modifiedCountSchema = z.object({ modifiedCount: z.int().min(0) });

export const updateRoleBodySchema = z.object({ role: roleSchema });

/** The one message an admin sees when trying to change their own role. */
export const SELF_ROLE_CHANGE_MESSAGE = 'Action Not Allowed';

export const uploadedImageSchema = z.object({ url: z.string(), display_url: z.string() });

/** What the server tells the app about itself before anyone signs in. */
export const serverInfoSchema = z.object({ googleSignIn: z.boolean() });
export type ServerInfo = z.infer<typeof serverInfoSchema>;

/** The signed-in person as `GET /api/auth/get-session` answers it (null when signed out). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullish(),
  role: roleSchema,
  status: userStatusSchema.nullish(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const sessionSchema = z.object({ user: sessionUserSchema }).nullable();
