import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  emailSchema,
  mayHaveHosted,
  mayUse,
  normalizeEmail,
  SELF_ROLE_CHANGE_MESSAGE,
  type HostRequestCount,
  type Locale,
  type ListUsersQuery,
  type Role,
  type User,
  type UsersPage,
} from '@staybook/domain';
import { withTransaction, type Db } from '../../db/client.js';
import { auditLog, bookings, roleChanges, rooms, users } from '../../db/schema.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import { becameHostMail, hostRequestDeclinedMail, inRecipientLanguage } from '../../integrations/mail/templates.js';
import { isOwnEmail, WRONG_ROLE_MESSAGE, type Actor } from '../../plugins/session.js';
import { enqueueMail, type MailingDeps } from '../jobs/jobs.js';

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
  if (wanted !== actor.email && !mayUse(actor.role, 'seeAnyAccount')) {
    throw new ForbiddenError(/*i18n*/ 'You can only see your own account.');
  }
  const [row] = await db.select().from(users).where(eq(users.email, wanted)).limit(1);
  if (!row) throw new NotFoundError(/*i18n*/ 'No user has this e-mail.');
  return toUser(row);
}

/**
 * A guest asks to become a host: the status becomes Requested until an admin decides.
 * Answers 0 when nothing changed (already requested, or not a guest), as the spec's two messages need.
 */
export async function requestHostRole(db: Db, { actor, email }: { actor: Actor; email?: string | undefined }): Promise<number> {
  if (email !== undefined && !isOwnEmail(actor, email)) {
    throw new ForbiddenError(/*i18n*/ 'You can only ask for your own account.');
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

/** Where a page starts: after the e-mail that ended the page before it, or before the one that began the page after it. */
type PageCursor = { direction: 'after' | 'before'; email: string };

const CURSOR_MARK = { after: '>', before: '<' } as const;

function encodeCursor(direction: PageCursor['direction'], email: string): string {
  return Buffer.from(`${CURSOR_MARK[direction]}${email}`).toString('base64url');
}

function decodeCursor(text: string): PageCursor {
  const raw = Buffer.from(text, 'base64url').toString('utf8');
  const direction = raw.startsWith(CURSOR_MARK.after) ? 'after' : raw.startsWith(CURSOR_MARK.before) ? 'before' : null;
  const email = raw.slice(1);
  if (!direction || !emailSchema.safeParse(email).success) {
    throw new BadRequestError(/*i18n*/ 'The page cursor is not valid; start again from the first page.', { cursor: 'Invalid cursor' });
  }
  return { direction, email };
}

/** The text as a LIKE pattern matches it: every character literal, `%`, `_` and the backslash that escapes them included. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Which users a Manage Users search keeps: the text anywhere in the name or e-mail, whatever its case and accents.
 * The search is written as users_search_idx's expression, so the trigram index finds the rows; `status` =
 * 'Requested' reads users_requested_idx.
 */
function usersMatching({ q, role, status }: Pick<ListUsersQuery, 'q' | 'role' | 'status'>): SQL | undefined {
  return and(
    q ? sql`search_fold(${users.name} || ' ' || ${users.email}) like ('%' || search_fold(${escapeLike(q.toLowerCase())}) || '%')` : undefined,
    role ? eq(users.role, role) : undefined,
    status ? eq(users.status, status) : undefined,
  );
}

/**
 * Manage Users: the users a search and its filters keep, in e-mail order, a page at a time either way from a
 * cursor (admins only; the route checks the role). Each page says whether there is one after it and before it.
 */
export async function listUsers(db: Db, query: ListUsersQuery): Promise<UsersPage> {
  const { cursor, limit } = query;
  const matching = usersMatching(query);
  const from = cursor ? decodeCursor(cursor) : undefined;
  const backwards = from?.direction === 'before';
  const rows = await db
    .select()
    .from(users)
    .where(and(matching, from ? (backwards ? lt(users.email, from.email) : gt(users.email, from.email)) : undefined))
    .orderBy(backwards ? desc(users.email) : asc(users.email))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];

  /** Whether any matching user lies beyond this page on the side it was not read towards (only asked after a cursor). */
  const anyBeyond = async (side: 'after' | 'before', email: string) => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(matching, side === 'after' ? gt(users.email, email) : lt(users.email, email)))
      .limit(1);
    return row !== undefined;
  };
  let nextCursor: string | null = null;
  let prevCursor: string | null = null;
  if (first && last) {
    if (backwards) {
      if (more) prevCursor = encodeCursor('before', first.email);
      if (await anyBeyond('after', last.email)) nextCursor = encodeCursor('after', last.email);
    } else {
      if (more) nextCursor = encodeCursor('after', last.email);
      if (from && (await anyBeyond('before', first.email))) prevCursor = encodeCursor('before', first.email);
    }
  }

  const cancellations = await hostCancellations(db, page.filter((row) => mayHaveHosted(row.role)).map((row) => row.id));
  return {
    items: page.map((row) => ({ ...toUser(row), hostCancellations: cancellations.get(row.id) ?? 0 })),
    nextCursor,
    prevCursor,
  };
}

/** How many guests wait for an admin to answer their host request (the sidebar's badge), off users_requested_idx. */
export async function countHostRequests(db: Db): Promise<HostRequestCount> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.status, 'Requested'));
  return { requested: Number(row?.n ?? 0) };
}

/** What deciding a host request or a role needs besides the database: the outbox's worker and the address mail links to. */
export type UserDeps = MailingDeps;

const NO_REQUEST_MESSAGE = /*i18n*/ 'This user has no host request waiting: another admin may have answered it already.';

/**
 * Saves the language a signed-in person chose in a picker on their account (decision 062): their mails are written
 * in it from now on, and a browser they sign in on without a chosen language takes it.
 */
export async function saveLanguage(db: Db, { actor, locale }: { actor: Actor; locale: Locale }): Promise<void> {
  await db.update(users).set({ locale, updatedAt: sql`now()` }).where(eq(users.id, actor.id));
}

/** Answers why a guarded decision changed nothing: nobody has the id (404), or their request is not waiting (409). */
async function refuseDecision(db: Db, userId: string): Promise<never> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new NotFoundError(/*i18n*/ 'No user has this id.');
  throw new ConflictError(NO_REQUEST_MESSAGE);
}

/**
 * Locks the deciding admin's row with the applicant's, in id order as a role change locks them (never a deadlock
 * against it), and refuses an admin demoted since the guard let the call through: a demotion under way is waited
 * for, so the decision is made by an admin or not at all.
 */
async function lockDecision(tx: Db, { actor, userId }: { actor: Actor; userId: string }): Promise<void> {
  const locked = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.id, [actor.id, userId]))
    .orderBy(asc(users.id))
    .for('update');
  refuseUnlessStillAdmin(locked, actor.id);
}

/** Among rows the caller locked, the acting admin's must still manage users: else the guard's own refusal (403). */
function refuseUnlessStillAdmin(locked: { id: string; role: Role }[], actorId: string): void {
  const actorRow = locked.find((row) => row.id === actorId);
  if (!actorRow || !mayUse(actorRow.role, 'manageUsers')) throw new ForbiddenError(WRONG_ROLE_MESSAGE); // as the guard answers an admin demoted meanwhile
}

/** The row of a guest whose host request is waiting, as the guarded updates below name it. */
function waitingRequest(userId: string): SQL | undefined {
  return and(eq(users.id, userId), eq(users.role, 'guest'), eq(users.status, 'Requested'));
}

/**
 * Records a change of role and, when it makes someone a host, mails them through the outbox: both in the
 * change's transaction, so the mail goes exactly when the change commits. The mail's key is the change's id,
 * so each promotion is told once. Answers whether a mail was written (the caller then wakes the worker).
 */
async function recordRoleChange(
  tx: Db,
  change: { actorId: string | null; user: { id: string; name: string; email: string; locale: Locale | null }; fromRole: Role; toRole: Role; via: 'admin' | 'cli'; requested: boolean },
  publicUrl: string,
): Promise<boolean> {
  const { actorId, user, fromRole, toRole, via, requested } = change;
  const [entry] = await tx.insert(roleChanges).values({ actorId, userId: user.id, fromRole, toRole, via }).returning({ id: roleChanges.id });
  if (toRole !== 'host') return false;
  await enqueueMail(tx, `became-host:${entry!.id}`, inRecipientLanguage(user, () => becameHostMail(user, requested, publicUrl)));
  return true;
}

/**
 * An admin grants a waiting host request: the guest becomes a host (Verified), the change is recorded as any
 * role change is, and the new host is mailed, all in one transaction. Guarded by the request still waiting, so
 * an approval and a decline at once give one outcome, and by the approver still being an admin (`lockDecision`).
 */
export async function approveHostRequest(deps: UserDeps, { actor, userId }: { actor: Actor; userId: string }): Promise<User> {
  const approved = await withTransaction(deps.db, async (tx) => {
    await lockDecision(tx, { actor, userId });
    const [row] = await tx.update(users).set({ role: 'host', status: 'Verified', updatedAt: sql`now()` }).where(waitingRequest(userId)).returning();
    if (!row) return null;
    await recordRoleChange(tx, { actorId: actor.id, user: row, fromRole: 'guest', toRole: 'host', via: 'admin', requested: true }, deps.publicUrl);
    return row;
  });
  if (!approved) return refuseDecision(deps.db, userId);
  deps.jobs.kick();
  return toUser(approved);
}

/**
 * An admin declines a waiting host request with a reason: the guest stays a guest (Verified, so they may ask
 * again), the decision goes to the audit log, and the reason is mailed to them through the outbox, all in one
 * transaction. Guarded like the approval: the loser of a race hears 409.
 */
export async function declineHostRequest(deps: UserDeps, { actor, userId, reason }: { actor: Actor; userId: string; reason: string }): Promise<User> {
  const declined = await withTransaction(deps.db, async (tx) => {
    await lockDecision(tx, { actor, userId });
    const [row] = await tx.update(users).set({ status: 'Verified', updatedAt: sql`now()` }).where(waitingRequest(userId)).returning();
    if (!row) return null;
    const [entry] = await tx
      .insert(auditLog)
      .values({ actorId: actor.id, action: 'host-request.decline', userId, reason })
      .returning({ id: auditLog.id });
    await enqueueMail(tx, `host-request-declined:${entry!.id}`, inRecipientLanguage(row, () => hostRequestDeclinedMail(row, reason, deps.publicUrl)));
    return row;
  });
  if (!declined) return refuseDecision(deps.db, userId);
  deps.jobs.kick();
  return toUser(declined);
}

/**
 * Sets a user's role and settles their status (Verified), recording the change; a person made a host is mailed
 * (their waiting request, if any, was granted). Shared by the admin endpoint and the operator's set-role command.
 * Answers the user's e-mail, or null when nobody has it; `changed` is false when the user already had that role
 * and status; `mailed` when a mail waits in the outbox.
 */
export async function applyRoleChange(
  db: Db,
  { email, role, actorId, via, publicUrl }: { email: string; role: Role; actorId: string | null; via: 'admin' | 'cli'; publicUrl: string },
): Promise<{ email: string; changed: boolean; mailed: boolean } | null> {
  return withTransaction(db, async (tx) => {
    const wanted = normalizeEmail(email);
    // An admin's change locks the admin's row with the user's, in id order: two admins changing each other at once
    // take turns (never a deadlock), and the second finds whether they are still an admin before changing anyone.
    const locked = await tx
      .select()
      .from(users)
      .where(actorId === null ? eq(users.email, wanted) : or(eq(users.email, wanted), eq(users.id, actorId)))
      .orderBy(asc(users.id))
      .for('update');
    if (actorId !== null) refuseUnlessStillAdmin(locked, actorId);
    const current = locked.find((row) => row.email === wanted);
    if (!current) return null;
    if (current.role === role && current.status === 'Verified') return { email: current.email, changed: false, mailed: false };
    await tx.update(users).set({ role, status: 'Verified', updatedAt: sql`now()` }).where(eq(users.id, current.id));
    const mailed =
      current.role !== role &&
      (await recordRoleChange(
        tx,
        { actorId, user: current, fromRole: current.role, toRole: role, via, requested: current.status === 'Requested' },
        publicUrl,
      ));
    return { email: current.email, changed: true, mailed };
  });
}

/**
 * An admin sets a user's role; the status becomes Verified (the host request, if any, is decided).
 * Admins cannot change their own role, so the last admin can never lock everyone out by accident.
 */
export async function setUserRole(deps: UserDeps, { actor, email, role }: { actor: Actor; email: string; role: Role }): Promise<number> {
  if (normalizeEmail(email) === actor.email) throw new ForbiddenError(SELF_ROLE_CHANGE_MESSAGE);
  const result = await applyRoleChange(deps.db, { email, role, actorId: actor.id, via: 'admin', publicUrl: deps.publicUrl });
  if (!result) throw new NotFoundError(/*i18n*/ 'No user has this e-mail.');
  if (result.mailed) deps.jobs.kick();
  return result.changed ? 1 : 0;
}
