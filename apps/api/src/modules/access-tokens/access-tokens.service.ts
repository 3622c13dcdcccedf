import { ACCESS_TOKENS_MAX, type AccessToken, type CreatedAccessToken, type TokenScope } from '@staybook/domain';
import { accessTokenHash, accessTokenStart, newAccessTokenSecret } from '../../db/access-tokens.js';
import { answerColumns } from '../../db/answer-columns.js';
import type { Db } from '../../db/client.js';
import { ownedRecords } from '../../db/owned-records.js';
import { accessTokens } from '../../db/schema.js';
import type { Actor } from '../../plugins/session.js';

/*
 * A person's personal access tokens (docs/decisions/056-access-tokens-and-webhooks.md): made, listed and revoked by
 * their owner, signed in with a session (a token cannot reach these calls: TOKEN_SCOPES lists none of them).
 */

type TokenRow = typeof accessTokens.$inferSelect;

const ownTokens = ownedRecords(accessTokens, accessTokens.userId, {
  max: ACCESS_TOKENS_MAX,
  tooMany: 'too-many-access-tokens',
  notFound: 'No such access token.',
});

function tokenOf(row: TokenRow): AccessToken {
  return { ...answerColumns(row, ['id', 'name', 'start', 'createdAt', 'lastUsedAt']), scopes: row.scopes as TokenScope[] };
}

export async function listAccessTokens(db: Db, { actor }: { actor: Actor }): Promise<{ items: AccessToken[] }> {
  return { items: (await ownTokens.list(db, actor.id)).map(tokenOf) };
}

/** Makes a token and answers its secret, this once: only its hash is kept. */
export async function createAccessToken(
  db: Db,
  { actor, name, scopes }: { actor: Actor; name: string; scopes: TokenScope[] },
): Promise<CreatedAccessToken> {
  const token = newAccessTokenSecret();
  const [row] = await ownTokens.add(db, actor.id, (tx) =>
    tx.insert(accessTokens).values({ userId: actor.id, name, scopes, tokenHash: accessTokenHash(token), start: accessTokenStart(token) }).returning(),
  );
  return { ...tokenOf(row!), token };
}

/** Revokes one's own token: the next call with it is refused. Anyone else's is not found. */
export async function revokeAccessToken(db: Db, { actor, id }: { actor: Actor; id: string }): Promise<void> {
  await ownTokens.remove(db, actor.id, id);
}
