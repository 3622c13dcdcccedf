/** Request bodies, queries and form rules about people (classic zod); their answers and limits are in accounts.ts. */
import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, roleSchema } from './accounts.js';
import { countText, i18n, LOCALES } from './locale.js';
import { ROLES, USER_STATUSES } from './users.js';
import { hasControlCharacters, hasControlCharactersButLayout } from './text.js';


/**
 * A person's name, as typed in the sign-up and profile forms and checked again by the server before the auth
 * library stores it (sign-up, update-user): text, trimmed, at most NAME_MAX_LENGTH characters, no control characters.
 */
export const nameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? /*i18n*/ 'Name is required' : /*i18n*/ 'Name must be text') })
  .trim()
  .max(NAME_MAX_LENGTH, { error: () => i18n.t('Name must be at most {max} characters', { max: NAME_MAX_LENGTH }) })
  .refine((s) => !hasControlCharacters(s), { error: /*i18n*/ 'Name contains characters that are not allowed' });

export const EMAIL_REQUIRED_MESSAGE = /*i18n*/ 'Email is required';

/** The spec's rule for every e-mail field: required, then of e-mail form. */
export const emailSchema = z
  .email({
    error: (issue) => (issue.input === '' || issue.input === undefined ? EMAIL_REQUIRED_MESSAGE : /*i18n*/ 'Please enter a valid email address'),
  })
  .max(254);

/** The spec's calls that name a person by e-mail in the path (`/user/{email}`, `/my-bookings/{email}`…). */
export const emailParamsSchema = z.object({ email: emailSchema });

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: () => i18n.t('Password must be at least {min} characters', { min: PASSWORD_MIN_LENGTH }) })
  .max(PASSWORD_MAX_LENGTH, { error: () => i18n.t('Password must be at most {max} characters', { max: PASSWORD_MAX_LENGTH }) });

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: /*i18n*/ 'Password is required' }),
});

/** The spec's sign-up form: name is optional, the photo is required and uploaded first. */
export const signupSchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema,
  password: passwordSchema,
});

export const profileUpdateSchema = z.object({
  name: nameSchema.min(1, { message: /*i18n*/ 'Name is required' }),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, { message: /*i18n*/ 'Current password is required' }),
  newPassword: passwordSchema,
});



export const USERS_PAGE_SIZE = 50;
export const USERS_MAX_PAGE_SIZE = 200;
export const USERS_SEARCH_MAX_LENGTH = 100;

/**
 * `GET /api/users` (Manage Users): `q` finds a part of the name or the e-mail (any case, every character taken
 * literally), `role` and `status` narrow the list, `cursor` is a page's `nextCursor` or `prevCursor`.
 */
export const listUsersQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(USERS_SEARCH_MAX_LENGTH, { error: () => i18n.t('Search at most {max} characters', { max: USERS_SEARCH_MAX_LENGTH }) })
    .refine((s) => !hasControlCharacters(s), { error: 'The search contains characters that are not allowed' })
    .optional(),
  role: z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` }).optional(),
  status: z.enum(USER_STATUSES, { message: `Status must be one of: ${USER_STATUSES.join(', ')}` }).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(USERS_MAX_PAGE_SIZE).default(USERS_PAGE_SIZE),
});
export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;

/** A user named in the path of an admin's call (`/api/users/:id/…`). */
export const userIdParamsSchema = z.object({ id: z.uuid({ message: 'Not a user id' }) });

export const DECLINE_REASON_MAX_LENGTH = 500;
const declineReasonRequired = () => i18n.t('Please give a reason');

/** `POST /api/users/:id/decline-host`: why the request is declined, mailed to the person who asked. */
export const declineHostBodySchema = z.object({
  reason: z
    .string({ error: (issue) => (issue.input === undefined ? declineReasonRequired() : 'The reason must be text') })
    .trim()
    .min(1, { error: declineReasonRequired })
    .max(DECLINE_REASON_MAX_LENGTH, { error: () => i18n.t('A reason can be at most {max} characters', { max: countText(DECLINE_REASON_MAX_LENGTH) }) })
    .refine((s) => !hasControlCharactersButLayout(s), { error: () => i18n.t('The reason contains characters that are not allowed') }),
});
export type DeclineHostBody = z.infer<typeof declineHostBodySchema>;

export const updateRoleBodySchema = z.object({ role: roleSchema });

/**
 * `PUT /api/me/language`: the language a signed-in person chose in a picker, saved on their account (decision 062).
 * Their mails are written in it, and a browser they sign in on without a chosen language takes it.
 */
export const languageChoiceBodySchema = z.object({
  locale: z.enum(LOCALES, { message: `Language must be one of: ${LOCALES.join(', ')}` }),
});
export type LanguageChoiceBody = z.infer<typeof languageChoiceBodySchema>;

/** The one message an admin sees when trying to change their own role. */
export const SELF_ROLE_CHANGE_MESSAGE = /*i18n*/ 'Action Not Allowed';
