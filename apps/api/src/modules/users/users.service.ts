import { and, asc, eq, gt, inArray, ne, or, isNull, sql } from 'drizzle-orm';
import { emailSchema, normalizeEmail, SELF_ROLE_CHANGE_MESSAGE, type Role, type User, type UsersPage } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { bookings, roleChanges, rooms, users } from '../../db/schema.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors.js';
import { isOwnEmail, type Actor } from '../../plugins/session.js';

function toUser(row: typeof users.$inferSelect): User {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user record, for that user or an admin. */
export async function getUserByEmail(db: Db, { actor, email }: { actor: Actor; email: string }): Promise<User> {
  const wanted = normalizeEmail(email);
  if (wanted !== actor.email && actor.role !== 'admin') {
    throw new ForbiddenError('You can only see your own account.');
  }
  const [row] = await db.select().from(users).where(eq(users.email, wanted)).limit(1);
  if (!row) throw new NotFoundError('No user has this e-mail.');
  return toUser(row);
}

/**
 * A guest asks to become a host: the status becomes Requested until an admin decides.
 * Answers 0 when nothing changed (already requested, or not a guest), as the spec's two messages need.
 */
export async function requestHostRole(db: Db, { actor, email }: { actor: Actor; email?: string | undefined }): Promise<number> {
  if (email !== undefined && !isOwnEmail(actor, email)) {
    throw new ForbiddenError('You can only ask for your own account.');
  }
  const changed = await db
    .update(users)
    .set({ status: 'Requested', updatedAt: new Date() })
    .where(and(eq(users.id, actor.id), eq(users.role, 'guest'), or(isNull(users.status), ne(users.status, 'Requested'))))
    .returning({ id: users.id });
  return changed.length;
}

/**
 * How many stays each of these hosts cancelled in the last 12 months (a host's cancellation refunds the guest in
 * full; admins watch for hosts who do it often). Through rooms_host_idx and bookings_host_cancelled_idx.
 */
async function hostCancellations(db: Db, hostIds: string[]): Promise<Map<string, number>> {
  if (hostIds.length === 0) return new Map();
  const rows = await db
    .select({ hostId: rooms.hostId, count: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(
      and(
        inArray(rooms.hostId, hostIds),
        eq(bookings.status, 'cancelled'),
        eq(bookings.cancelRequestedBy, 'host'),
        gt(bookings.cancelledAt, sql`now() - interval '12 months'`),
      ),
    )
    .groupBy(rooms.hostId);
  return new Map(rows.map((row) => [row.hostId, Number(row.count)]));
}

/** Every user, in e-mail order, a page at a time (admins only; the route checks the role). */
export async function listUsers(db: Db, { cursor, limit }: { cursor?: string | undefined; limit: number }): Promise<UsersPage> {
  const after = cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : undefined;
  if (after !== undefined && !emailSchema.safeParse(after).success) {
    throw new BadRequestError('The page cursor is not valid.', { cursor: 'Invalid cursor' });
  }
  const rows = await db
    .select()
    .from(users)
    .where(after ? gt(users.email, after) : undefined)
    .orderBy(asc(users.email))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const cancellations = await hostCancellations(db, page.filter((row) => row.role !== 'guest').map((row) => row.id));
  return {
    items: page.map((row) => ({ ...toUser(row), hostCancellations: cancellations.get(row.id) ?? 0 })),
    nextCursor: rows.length > limit && last ? Buffer.from(last.email).toString('base64url') : null,
  };
}

/**
 * Sets a user's role and settles their status (Verified), recording the change. Shared by the admin
 * endpoint and the operator's set-role command. Answers the user's e-mail, or null when nobody has it;
 * `changed` is false when the user already had that role and status.
 */
export async function applyRoleChange(
  db: Db,
  { email, role, actorId, via }: { email: string; role: Role; actorId: string | null; via: 'admin' | 'cli' },
): Promise<{ email: string; changed: boolean } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.email, normalizeEmail(email))).for('update');
    if (!current) return null;
    if (current.role === role && current.status === 'Verified') return { email: current.email, changed: false };
    await tx.update(users).set({ role, status: 'Verified', updatedAt: sql`now()` }).where(eq(users.id, current.id));
    if (current.role !== role) {
      await tx.insert(roleChanges).values({ actorId, userId: current.id, fromRole: current.role, toRole: role, via });
    }
    return { email: current.email, changed: true };
  });
}

/**
 * An admin sets a user's role; the status becomes Verified (the host request, if any, is decided).
 * Admins cannot change their own role, so the last admin can never lock everyone out by accident.
 */
export async function setUserRole(db: Db, { actor, email, role }: { actor: Actor; email: string; role: Role }): Promise<number> {
  if (normalizeEmail(email) === actor.email) throw new ForbiddenError(SELF_ROLE_CHANGE_MESSAGE);
  const result = await applyRoleChange(db, { email, role, actorId: actor.id, via: 'admin' });
  if (!result) throw new NotFoundError('No user has this e-mail.');
  return result.changed ? 1 : 0;
}
