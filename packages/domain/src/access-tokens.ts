import { z } from 'zod';
import { TOKEN_SCOPE_NAMES } from './access.js';

/*
 * Personal access tokens (docs/decisions/056-access-tokens-and-webhooks.md): named, scoped keys a person makes in
 * Profile for their own tools, sent as `Authorization: Bearer <token>`. What each scope opens is `TOKEN_SCOPES` in
 * access.ts.
 */

export const ACCESS_TOKEN_NAME_MAX_LENGTH = 50;
/** A person's tokens at most: enough for every tool they run, few enough to read at a glance. */
export const ACCESS_TOKENS_MAX = 20;
/** Every token starts so, which lets secret scanners and people tell it from other keys. */
export const ACCESS_TOKEN_PREFIX = 'sbk_';

export const ACCESS_TOKEN_NAME_REQUIRED = /*i18n*/ 'Please name the token';
export const ACCESS_TOKEN_SCOPES_REQUIRED = /*i18n*/ 'Choose at least one scope';

export const tokenScopeSchema = z.enum(TOKEN_SCOPE_NAMES);

/** `POST /api/access-tokens`. */
export const createAccessTokenBodySchema = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? ACCESS_TOKEN_NAME_REQUIRED : /*i18n*/ 'The name must be text') })
    .trim()
    .min(1, { error: ACCESS_TOKEN_NAME_REQUIRED })
    .max(ACCESS_TOKEN_NAME_MAX_LENGTH, { error: `A token's name can be at most ${ACCESS_TOKEN_NAME_MAX_LENGTH} characters` }),
  scopes: z
    .array(tokenScopeSchema, { error: ACCESS_TOKEN_SCOPES_REQUIRED })
    .min(1, { error: ACCESS_TOKEN_SCOPES_REQUIRED })
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateAccessTokenBody = z.input<typeof createAccessTokenBodySchema>;

/** A token as its owner sees it later: never its secret, which is kept only as a hash. */
export const accessTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(tokenScopeSchema),
  /** The secret's first characters, so the owner can tell which token a tool holds. */
  start: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** The answer to creating a token: the one time its secret is shown. */
export const createdAccessTokenSchema = accessTokenSchema.extend({ token: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

export const accessTokensSchema = z.object({ items: z.array(accessTokenSchema) });
export type AccessTokens = z.infer<typeof accessTokensSchema>;

export const accessTokenParamsSchema = z.object({ id: z.uuid({ error: 'The token id is not valid' }) });
