import { and, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { bookingIdSchema, messagePreview, partyOf, type Message, type MessagesPage, type Thread, type ThreadsPage, type UnreadCount } from '@staybook/domain';
import { withTransaction, type Db } from '../../db/client.js';
import { decodeTimeCursor, encodeTimeCursor } from '../../db/time-cursor.js';
import { bookings, messages, users } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import { inRecipientLanguage, newMessageMail } from '../../integrations/mail/templates.js';
import type { Actor } from '../../plugins/session.js';
import { findBookingRow, type BookingRow } from '../bookings/bookings.queries.js';
import { enqueueMail, type MailingDeps } from '../jobs/jobs.js';
import { emitWebhookEvent } from '../webhooks/webhook-events.js';

/**
 * A thread per booking between its guest and the room's host (docs/decisions/029-message-updates.md for how new
 * messages reach an open page). Nobody else reads or writes it, admins included: to them the booking does not exist.
 */

/** What sending needs from the outside. */
export type MessageDeps = MailingDeps;

const BOOKING_NOT_FOUND = /*i18n*/ 'Booking not found.';

/** The booking a thread is about, with its two parties; 404 for anyone else. */
async function findThread(db: Db, { actor, bookingId }: { actor: Actor; bookingId: string }): Promise<BookingRow> {
  const row = await findBookingRow(db, eq(bookings.id, bookingId));
  if (!row || !partyOf(row, actor)) throw new NotFoundError(BOOKING_NOT_FOUND);
  return row;
}

/**
 * Whether the actor is a party of the booking, asked before what they send is read: to anyone else, and for a
 * booking nobody has, the same 404 whatever the text (docs/decisions/075-not-yours-is-not-found.md). The write
 * checks again in its transaction. An id that is not one is left to the route's validation.
 */
export async function checkMayWriteTo(db: Db, { actor, bookingId }: { actor: Actor; bookingId: unknown }): Promise<void> {
  if (!bookingIdSchema.safeParse(bookingId).success) return;
  await findThread(db, { actor, bookingId: bookingId as string });
}

type MessageRow = typeof messages.$inferSelect & { senderName: string; senderImage: string | null };

function toMessage(row: MessageRow, actor: Actor): Message {
  return {
    id: row.id,
    body: row.body,
    sentAt: row.createdAt.toISOString(),
    fromMe: row.senderId === actor.id,
    sender: { name: row.senderName, image: row.senderImage },
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Writes a message to the other party. The first message they have not read yet from this sender mails them (in
 * the same transaction, so the mail goes exactly when the message is stored); the rest of the burst does not,
 * until they read the thread.
 */
export async function sendMessage(deps: MessageDeps, { actor, bookingId, body }: { actor: Actor; bookingId: string; body: string }): Promise<Message> {
  const { row, mailed } = await withTransaction(deps.db, async (tx) => {
    const thread = await findThread(tx, { actor, bookingId });
    // Queues another message to this thread behind this one, so that two sent at once are one burst.
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('no key update');
    const [unread] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.bookingId, bookingId), eq(messages.senderId, actor.id), isNull(messages.readAt)))
      .limit(1);
    const [inserted] = await tx.insert(messages).values({ bookingId, senderId: actor.id, body }).returning();
    const message = inserted!;
    const toHost = partyOf(thread, actor) === 'guest';
    await emitWebhookEvent(tx, {
      ownerId: toHost ? thread.hostId : thread.guestId,
      type: 'message.received',
      data: { messageId: message.id, bookingId, reference: thread.reference, body, sentAt: message.createdAt.toISOString() },
    });
    if (unread) return { row: message, mailed: false };
    const recipient = toHost
      ? { name: thread.hostName, email: thread.hostEmail, locale: thread.hostLocale }
      : { name: thread.guestName, email: thread.guestEmail, locale: thread.guestLocale };
    // In the recipient's language, whatever the sender's (decision 062).
    const mail = inRecipientLanguage(recipient, () =>
      newMessageMail({ bookingId, reference: thread.reference, title: thread.title, sender: { name: actor.name }, recipient, body }, deps.publicUrl),
    );
    await enqueueMail(tx, `message:${message.id}`, mail);
    return { row: message, mailed: true };
  });
  if (mailed) deps.jobs.kick();
  return toMessage({ ...row, senderName: actor.name, senderImage: actor.image }, actor);
}

/** A page's cursor: a message's sent time (the oldest of a thread page, the latest of a thread) and an id to break ties. */

/** `GET /api/booking/:id/messages`: the newest messages before the cursor (or the newest of all), oldest first. */
export async function listMessages(
  db: Db,
  { actor, bookingId, before, limit }: { actor: Actor; bookingId: string; before?: string | undefined; limit: number },
): Promise<MessagesPage> {
  await findThread(db, { actor, bookingId });
  const conditions: SQL[] = [eq(messages.bookingId, bookingId)];
  if (before) {
    const c = decodeTimeCursor(before, 'before');
    conditions.push(sql`(${messages.createdAt}, ${messages.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`);
  }
  const rows = await db
    .select({ ...messagesColumns(), senderName: users.name, senderImage: users.image })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const oldest = page[page.length - 1];
  return {
    items: page.reverse().map((r) => toMessage(r, actor)),
    earlierCursor: rows.length > limit && oldest ? encodeTimeCursor({ at: oldest.createdAt.toISOString(), id: oldest.id }) : null,
  };
}

function messagesColumns() {
  const { id, bookingId, senderId, body, createdAt, readAt } = messages;
  return { id, bookingId, senderId, body, createdAt, readAt };
}

/** `POST /api/booking/:id/messages/read`: the other party's messages are read now. */
export async function markThreadRead(db: Db, { actor, bookingId }: { actor: Actor; bookingId: string }): Promise<{ marked: number }> {
  await findThread(db, { actor, bookingId });
  const marked = await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.bookingId, bookingId), ne(messages.senderId, actor.id), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return { marked: marked.length };
}

/** The bookings whose threads a person takes part in: their stays, and the stays in their rooms. */
function bookingsOf(userId: string): SQL {
  return sql`
    select b.id, 'guest' as side from bookings b where b.guest_id = ${userId}
    union all
    select b.id, 'host' as side from bookings b join rooms r on r.id = b.room_id where r.host_id = ${userId}`;
}

/** `GET /api/messages/unread`: every message the person has not read, over all their threads (the unread index). */
export async function countUnread(db: Db, { actor }: { actor: Actor }): Promise<UnreadCount> {
  const result = (await db.execute(sql`
    select count(*)::int as unread from messages m
    where m.read_at is null and m.sender_id <> ${actor.id}
      and m.booking_id in (select mine.id from (${bookingsOf(actor.id)}) mine)`)) as unknown as { rows: { unread: number }[] };
  return { unread: result.rows[0]?.unread ?? 0 };
}

type ThreadRow = {
  booking_id: string;
  side: 'guest' | 'host';
  reference: string;
  title: string;
  image: string;
  other_name: string;
  other_image: string | null;
  last_at: string;
  last_sender: string;
  last_body: string;
};

const ISO_TIMESTAMP = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/**
 * `GET /api/messages`: the person's threads with the latest message first, each with its unread count. Each of
 * their bookings is looked at once, its newest message read from the thread index.
 */
export async function listThreads(db: Db, { actor, cursor, limit }: { actor: Actor; cursor?: string | undefined; limit: number }): Promise<ThreadsPage> {
  const after = cursor ? decodeTimeCursor(cursor, 'cursor') : null;
  const result = (await db.execute(sql`
    select t.booking_id, t.side, b.reference, b.room_title as title, b.room_image as image,
           other.name as other_name, other.image as other_image,
           to_char(t.last_at at time zone 'UTC', ${ISO_TIMESTAMP}) as last_at, t.last_sender, t.last_body
    from (
      select mine.id as booking_id, mine.side, last.created_at as last_at, last.sender_id as last_sender, last.body as last_body
      from (${bookingsOf(actor.id)}) mine
      cross join lateral (
        select m.created_at, m.sender_id, m.body from messages m
        where m.booking_id = mine.id order by m.created_at desc, m.id desc limit 1
      ) last
      ${after ? sql`where (last.created_at, mine.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by last.created_at desc, mine.id desc
      limit ${limit + 1}
    ) t
    join bookings b on b.id = t.booking_id
    join rooms r on r.id = b.room_id
    join users other on other.id = (case when t.side = 'guest' then r.host_id else b.guest_id end)
    order by t.last_at desc, t.booking_id desc`)) as unknown as { rows: ThreadRow[] };
  const page = result.rows.slice(0, limit);
  const unread = await unreadByBooking(db, actor, page.map((r) => r.booking_id));
  const items = page.map(
    (r): Thread => ({
      bookingId: r.booking_id,
      reference: r.reference,
      as: r.side,
      room: { title: r.title, image: r.image },
      otherParty: { name: r.other_name, image: r.other_image },
      lastMessage: { preview: messagePreview(r.last_body), sentAt: r.last_at, fromMe: r.last_sender === actor.id },
      unread: unread.get(r.booking_id) ?? 0,
    }),
  );
  const last = page[page.length - 1];
  return { items, nextCursor: result.rows.length > limit && last ? encodeTimeCursor({ at: last.last_at, id: last.booking_id }) : null };
}

async function unreadByBooking(db: Db, actor: Actor, bookingIds: string[]): Promise<Map<string, number>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: messages.bookingId, n: count() })
    .from(messages)
    .where(and(inArray(messages.bookingId, bookingIds), isNull(messages.readAt), ne(messages.senderId, actor.id)))
    .groupBy(messages.bookingId);
  return new Map(rows.map((r) => [r.bookingId, Number(r.n)]));
}
