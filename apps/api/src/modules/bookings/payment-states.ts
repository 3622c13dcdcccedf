/*
 * Every change of a payment's status, each one guarded statement: it changes the row only from the states it
 * may come from, and answers whether it did. Callers race freely (the browser, a webhook, the sweeper); the
 * statement that changes the row is the one that acts on it (counts it, mails about it).
 *
 *   requires_payment ─authorize→ authorized ─capture→ succeeded ─refund→ refunded
 *          └────────────void──────────┴→ canceled
 *
 * A stay's end flips its booking and its payment in one statement, so neither is ever seen without the other.
 * A capture and a refund post to the ledger (db/ledger.ts) in the transaction that records them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { IsoDate } from '@staybook/domain';
import { preparedSql, preparedStatement, queryRows, withTransaction, type Db } from '../../db/client.js';
import { postCapture, postRefund } from '../../db/ledger.js';
import { bookings, payments } from '../../db/schema.js';
import { blockedNightIn } from './bookings.queries.js';

type Card = { brand: string; last4: string } | null;
const HOLDABLE = ['requires_payment', 'authorized'] as const;

const authorize = preparedStatement((db) =>
  db
    .update(payments)
    .set({ status: 'authorized', updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.provider, sql.placeholder('provider')),
        eq(payments.providerPaymentId, sql.placeholder('providerPaymentId')),
        eq(payments.status, 'requires_payment'),
      ),
    )
    .returning({ id: payments.id })
    .prepare('payment_authorized'),
);

/** The provider reports the card authorized: the hold is noted (from requires_payment only). */
export async function markAuthorized(db: Db, provider: string, providerPaymentId: string): Promise<boolean> {
  const rows = await authorize(db).execute({ provider, providerPaymentId });
  return rows.length > 0;
}

const holdUnlessBlocked = preparedSql<{ blocked: boolean; held: boolean }>(
  'payment_held_unless_blocked',
  sql`with blocked as (
      select ${blockedNightIn(sql.placeholder('roomId'), sql.placeholder('from'), sql.placeholder('to'))} as taken
    ), held as (
      update ${payments} set status = 'authorized', card_brand = ${sql.placeholder('cardBrand')}, card_last4 = ${sql.placeholder('cardLast4')},
        updated_at = now()
      where id = ${sql.placeholder('paymentId')}::uuid and ${inArray(payments.status, HOLDABLE)} and not (select taken from blocked)
      returning id
    )
    select (select taken from blocked) as blocked, exists (select 1 from held) as held`,
);

/**
 * Inside the booking's transaction, after the room's lock: the payment is held for this booking unless a night
 * of the stay is blocked by an imported calendar, in one statement. `blocked`: an import's new blocks are
 * written under the room's update lock, so this statement, which starts after the room's share lock was
 * granted, sees them. `settled`: the payment was booked or voided meanwhile. `held`: its row lock queues a
 * concurrent confirmation of the same payment behind this one.
 */
export async function holdPaymentUnlessBlocked(
  tx: Db,
  { paymentId, roomId, from, to, card }: { paymentId: string; roomId: string; from: IsoDate; to: IsoDate; card: Card },
): Promise<'held' | 'blocked' | 'settled'> {
  const [row] = await holdUnlessBlocked(tx).execute({ paymentId, roomId, from, to, cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null });
  return row!.blocked ? 'blocked' : row!.held ? 'held' : 'settled';
}

const capture = preparedStatement((db) =>
  db
    .update(payments)
    .set({ status: 'succeeded', cardBrand: sql`${sql.placeholder('cardBrand')}`, cardLast4: sql`${sql.placeholder('cardLast4')}`, updatedAt: sql`now()` })
    .where(and(eq(payments.id, sql.placeholder('paymentId')), inArray(payments.status, HOLDABLE)))
    .returning({ id: payments.id })
    .prepare('payment_captured'),
);

/** The held money was moved: the payment says so and the ledger posts it, in one transaction. */
export async function markCaptured(db: Db, paymentId: string, card: Card): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const rows = await capture(tx).execute({ paymentId, cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null });
    if (rows.length === 0) return false;
    await postCapture(tx, paymentId);
    return true;
  });
}

/**
 * The hold was released because the payment cannot book its stay: the guest is not charged. `from` narrows the
 * states it may come from: the sweeper cancels an intent no card was confirmed for only while it is still unpaid.
 */
export async function markVoided(db: Db, paymentId: string, from: readonly (typeof HOLDABLE)[number][] = HOLDABLE): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, from)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The cancellation asked for: who asked and the refund decided then. Only once, only while confirmed. */
export async function markCancelRequested(
  db: Db,
  bookingId: string,
  request: { by: 'guest' | 'host'; refundCents: number },
): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ cancelRequestedAt: new Date(), cancelRequestedBy: request.by, cancelRefundCents: request.refundCents })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed'), sql`${bookings.cancelRequestedAt} is null`))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/**
 * Ends a confirmed stay whose payment was never collected: the booking is cancelled keeping nothing, the payment
 * canceled. False when the stay was no longer confirmed.
 */
export async function cancelUnpaid(tx: Db, paymentId: string): Promise<boolean> {
  return flipStay(tx, paymentId, { keptCents: sql`0`, payment: sql`status = 'canceled'` });
}

/**
 * Ends a confirmed, captured stay after `refundedCents` went back to the guest (0 when the policy refunds
 * nothing): the booking keeps the rest, the payment records the refund, the ledger posts it. False when it was no
 * longer confirmed.
 */
export async function cancelRefunded(tx: Db, paymentId: string, refundedCents: number): Promise<boolean> {
  const flipped = await flipStay(tx, paymentId, {
    keptCents: sql`greatest(0, ${bookings.totalCents} - ${refundedCents})`,
    payment: refundedCents > 0 ? sql`status = 'refunded', refunded_cents = ${refundedCents}` : sql`refunded_cents = 0`,
  });
  if (flipped) await postRefund(tx, paymentId, refundedCents);
  return flipped;
}

/** The one statement both endings share: the confirmed booking becomes cancelled and its payment changes with it. */
async function flipStay(tx: Db, paymentId: string, change: { keptCents: ReturnType<typeof sql>; payment: ReturnType<typeof sql> }): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    with flipped as (
      update ${bookings} set status = 'cancelled', cancelled_at = now(), kept_cents = ${change.keptCents}
      where ${bookings.paymentId} = ${paymentId} and ${bookings.status} = 'confirmed'
      returning ${bookings.paymentId}
    )
    update ${payments} set ${change.payment}, updated_at = now()
    from flipped where ${payments.id} = flipped.payment_id
    returning ${payments.id}`,
  );
  return rows.length > 0;
}
