import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ACCESS_TOKEN_PREFIX, type Role, type TokenScope, type UserStatus } from '@staybook/domain';
import { preparedSql, type Db } from './client.js';

/*
 * Personal access tokens at rest (docs/decisions/056-access-tokens-and-webhooks.md): what the tokens module makes
 * and the session guard reads. A token is `sbk_` and 32 random bytes; only its SHA-256 is stored. A secret of that
 * entropy cannot be guessed from its hash, so a slow password hash would only cost time on every call.
 */

/** A new token's secret, as its owner will send it. */
export function newAccessTokenSecret(): string {
  return `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function accessTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What the owner is shown of a token after it was made: enough to tell it from another, far too little to use it. */
export function accessTokenStart(token: string): string {
  return token.slice(0, ACCESS_TOKEN_PREFIX.length + 6);
}

/** Who is asking, as the database says now (role included): never what the client claims. The session guard's `Actor`. */
export type SignedInPerson = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
  status: UserStatus | null;
  /** Whether the person proved they receive mail at `email` (docs/decisions/024-verified-email.md). */
  emailVerified: boolean;
};

export type TokenHolder = SignedInPerson & { tokenId: string; scopes: TokenScope[] };

/** The token's person as the database says now, noting the use; none for a token that does not (or no longer) exist. */
const useToken = preparedSql<TokenHolder>(
  'access_token_used',
  sql`with used as (
        update access_tokens set last_used_at = now() where token_hash = ${sql.placeholder('hash')}
        returning id, user_id, scopes)
      select u.id, u.email, u.name, u.image, u.role, u.status, u.email_verified as "emailVerified",
             used.id as "tokenId", used.scopes
      from used join users u on u.id = used.user_id`,
);

export async function readAccessToken(db: Db, token: string): Promise<TokenHolder | null> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await useToken(db).execute({ hash: accessTokenHash(token) });
  return row ?? null;
}
