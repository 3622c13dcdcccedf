/*
 * Posting to the ledger (docs/decisions/049-marketplace-money.md). Each money event is one journal of entries adding
 * up to zero, written in the transaction of the event: a payment captured, a refund, a host's share released. Below
 * the modules, since the bookings, the payouts and the demo data all post.
 *
 *   capture   guest_payments −total · host_pending +share · host_tax +tax · platform_guest_fees +fee · platform_commissions +commission
 *   refund    the same accounts, back by the refund's parts (stay-money.ts), guest_refunds +refund
 *   release   host_pending and host_tax → host_available, 24 hours after check-in where the room is
 *   payout    host_available → host_in_transit, before the provider is asked
 *   paid      host_in_transit → host_paid; failed: host_in_transit → host_available, for the next payout
 *
 * A refund after the release leaves the booking's pending accounts below zero for a moment: a second release, in the
 * same transaction, carries that to the host's available balance, which may go negative and is netted from the next
 * payout.
 */
import { sql } from 'drizzle-orm';
import { refundMoney, stayMoney, type Cents, type IsoDate, type QuoteLine, type StayMoney } from '@staybook/domain';
import { currentRequestId } from '../request-context.js';
import { queryRows, withTransaction, type Db } from './client.js';
import type { LEDGER_ACCOUNTS, LEDGER_JOURNAL_KINDS } from './schema.js';
import { jobs } from './schema.js';

export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export type LedgerJournalKind = (typeof LEDGER_JOURNAL_KINDS)[number];
export type LedgerEntry = { account: LedgerAccount; hostId: string | null; amountCents: Cents };
export type LedgerJournal = {
  key: string;
  kind: LedgerJournalKind;
  bookingId: string | null;
  payoutId?: string | null;
  entries: LedgerEntry[];
  postedAt?: Date | undefined;
};

/** The outbox job that releases a booking's share when it is due (the job worker runs it; see `releaseShare`). */
export const RELEASE_SHARE_JOB = 'release-share';
export type ReleaseShareJob = { bookingId: string; releaseOn: IsoDate };

/**
 * Posts a journal once: its key names the event, and a second posting of the same key does nothing (answers false).
 * The journal and its entries are one statement, so it is whole even outside a transaction. Zero entries are left
 * out; a journal with none is not posted.
 */
export async function postJournal(db: Db, journal: LedgerJournal): Promise<boolean> {
  const entries = journal.entries.filter((entry) => entry.amountCents !== 0);
  if (entries.length === 0) return false;
  const values = sql.join(
    entries.map((entry) => sql`(${entry.account}::ledger_account, ${entry.hostId}::text, ${entry.amountCents}::bigint)`),
    sql`, `,
  );
  const [row] = await queryRows<{ posted: boolean }>(
    db,
    sql`with journal as (
        insert into ledger_journals (key, kind, booking_id, payout_id, posted_at)
        values (${journal.key}, ${journal.kind}, ${journal.bookingId}::uuid, ${journal.payoutId ?? null}::uuid,
          coalesce(${journal.postedAt?.toISOString() ?? null}::timestamptz, now()))
        on conflict (key) do nothing
        returning id
      ), entries as (
        insert into ledger_entries (journal_id, account, host_id, amount_cents)
        select journal.id, e.account, e.host_id, e.amount_cents
        from journal, (values ${values}) as e(account, host_id, amount_cents)
        returning 1
      )
      select exists (select 1 from journal) as posted`,
  );
  return row!.posted;
}

/** What the ledger needs of a booking: whose share it is and the price it was charged. */
export type BookedMoney = { bookingId: string; hostId: string; lines: QuoteLine[]; totalCents: Cents; commissionBp: number };

/** The capture of a booking's payment: the guest's money, split between the host, the tax and the marketplace. */
export function captureJournal(stay: BookedMoney, postedAt?: Date): LedgerJournal {
  return stayJournal('capture', stay, stayMoney(stay.lines, stay.totalCents, stay.commissionBp), postedAt);
}

/** A refund of `refundedCents` on a booking (a booking is refunded once, when it is cancelled). */
export function refundJournal(stay: BookedMoney, refundedCents: Cents, postedAt?: Date): LedgerJournal {
  return stayJournal('refund', stay, refundMoney(stay.lines, stay.totalCents, refundedCents, stay.commissionBp), postedAt);
}

/**
 * A capture's or a refund's journal: a refund moves its parts of the money back through the capture's accounts, each
 * the other way, and pays the guest from `guest_refunds` where a capture took from `guest_payments`.
 */
function stayJournal(kind: 'capture' | 'refund', stay: BookedMoney, money: StayMoney, postedAt: Date | undefined): LedgerJournal {
  const sign = kind === 'capture' ? 1 : -1;
  return {
    key: `${kind}:${stay.bookingId}`,
    kind,
    bookingId: stay.bookingId,
    postedAt,
    entries: [
      { account: kind === 'capture' ? 'guest_payments' : 'guest_refunds', hostId: null, amountCents: -sign * money.totalCents },
      { account: 'host_pending', hostId: stay.hostId, amountCents: sign * money.hostShareCents },
      { account: 'host_tax', hostId: stay.hostId, amountCents: sign * money.taxCents },
      { account: 'platform_guest_fees', hostId: null, amountCents: sign * money.serviceFeeCents },
      { account: 'platform_commissions', hostId: null, amountCents: sign * money.commissionCents },
    ],
  };
}

/** A booking's money and when its share is due, by its payment (the booking exists once a payment is captured). */
async function bookedMoneyOfPayment(db: Db, paymentId: string): Promise<(BookedMoney & ReleaseShareJob & { releaseAt: Date }) | undefined> {
  const [row] = await queryRows<{ bookingId: string; hostId: string; lines: QuoteLine[]; totalCents: string; commissionBp: number; releaseOn: IsoDate; releaseAt: Date | string }>(
    db,
    sql`select b.id as "bookingId", r.host_id as "hostId", b.price_lines as lines, b.total_cents as "totalCents",
          b.host_commission_bp as "commissionBp", (b.check_in + 1)::text as "releaseOn",
          ((b.check_in + 1) + coalesce(r.check_in_time, ${DEFAULT_CHECK_IN_TIME})::time) at time zone r.time_zone as "releaseAt"
        from bookings b join rooms r on r.id = b.room_id
        where b.payment_id = ${paymentId}::uuid`,
  );
  return row && { ...row, totalCents: Number(row.totalCents), releaseAt: new Date(row.releaseAt) };
}

/** When a room names no check-in time, its guests are taken to arrive at 15:00 for the release of the host's share. */
const DEFAULT_CHECK_IN_TIME = '15:00';

/**
 * In the transaction that marks a payment captured: the capture's journal, and the release of the host's share
 * scheduled for 24 hours after check-in (the room's check-in time, where the room is). Once per booking.
 */
export async function postCapture(tx: Db, paymentId: string, postedAt?: Date): Promise<void> {
  const stay = await bookedMoneyOfPayment(tx, paymentId);
  if (!stay) return;
  if (!(await postJournal(tx, captureJournal(stay, postedAt)))) return;
  const payload: ReleaseShareJob = { bookingId: stay.bookingId, releaseOn: stay.releaseOn };
  await tx
    .insert(jobs)
    .values({ kind: RELEASE_SHARE_JOB, key: `${RELEASE_SHARE_JOB}:${stay.bookingId}`, payload, runAt: stay.releaseAt, requestId: currentRequestId() })
    .onConflictDoNothing({ target: jobs.key });
}

/**
 * In the transaction that cancels a captured stay with a refund: the refund's journal, and, when the host's share
 * was already released, the release of what the refund took back (so it comes off their available balance).
 */
export async function postRefund(tx: Db, paymentId: string, refundedCents: Cents): Promise<void> {
  if (refundedCents <= 0) return;
  const stay = await bookedMoneyOfPayment(tx, paymentId);
  if (!stay) return;
  await postJournal(tx, refundJournal(stay, refundedCents));
  const [released] = await queryRows<{ found: boolean }>(tx, sql`select exists (select 1 from ledger_journals where key = ${releaseKey(stay.bookingId)}) as found`);
  if (released?.found) await releaseShare(tx, stay.bookingId, `${releaseKey(stay.bookingId)}${REFUND_RELEASE_SUFFIX}`);
}

function releaseKey(bookingId: string): string {
  return `release:${bookingId}`;
}

/** The end of the key of a refund's release (`release:<booking>:refund`): a host's statements tell it from the share's own. */
export const REFUND_RELEASE_SUFFIX = ':refund';

/**
 * Moves what is pending for a booking (its share and its tax, as posted so far) to the host's available balance.
 * The booking's row is locked first, so a cancellation's refund either comes before (and is released with the rest)
 * or after (and sees the release). Answers whether a journal was posted. `postedAt` dates it in the past (the demo's
 * history); the product posts it now.
 */
export async function releaseShare(db: Db, bookingId: string, key: string = releaseKey(bookingId), postedAt?: Date): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const [locked] = await queryRows<{ id: string }>(tx, sql`select id from bookings where id = ${bookingId}::uuid for update`);
    if (!locked) return false;
    const balances = await queryRows<{ account: 'host_pending' | 'host_tax'; hostId: string; cents: string }>(
      tx,
      sql`select e.account, e.host_id as "hostId", sum(e.amount_cents) as cents
          from ledger_entries e join ledger_journals j on j.id = e.journal_id
          where j.booking_id = ${bookingId}::uuid and e.account in ('host_pending', 'host_tax')
          group by e.account, e.host_id`,
    );
    const entries: LedgerEntry[] = balances.flatMap(({ account, hostId, cents }) => [
      { account, hostId, amountCents: -Number(cents) },
      { account: 'host_available' as const, hostId, amountCents: Number(cents) },
    ]);
    return postJournal(tx, { key, kind: 'release', bookingId, entries, postedAt });
  });
}

/** A payout of a host's available balance, from the moment it is written until the provider answers. */
export type PayoutMoney = { payoutId: string; hostId: string; amountCents: Cents };

/** The journal of each step of a payout: sent (written before the provider is asked), paid, or failed and put back. */
export function payoutJournal(payout: PayoutMoney, step: 'payout' | 'payout-paid' | 'payout-failed'): LedgerJournal {
  const [from, to]: [LedgerAccount, LedgerAccount] =
    step === 'payout' ? ['host_available', 'host_in_transit'] : step === 'payout-paid' ? ['host_in_transit', 'host_paid'] : ['host_in_transit', 'host_available'];
  return {
    key: `${step}:${payout.payoutId}`,
    kind: step,
    bookingId: null,
    payoutId: payout.payoutId,
    entries: [
      { account: from, hostId: payout.hostId, amountCents: -payout.amountCents },
      { account: to, hostId: payout.hostId, amountCents: payout.amountCents },
    ],
  };
}

export type HostBalances = { pendingCents: Cents; availableCents: Cents; inTransitCents: Cents; paidCents: Cents };

/** A host's balances, summed from their entries: pending counts the share and the tax not yet released. */
export async function hostBalances(db: Db, hostId: string): Promise<HostBalances> {
  const rows = await queryRows<{ account: LedgerAccount; cents: string }>(
    db,
    sql`select account, sum(amount_cents) as cents from ledger_entries where host_id = ${hostId} group by account`,
  );
  const of = (...accounts: LedgerAccount[]) => rows.filter((r) => accounts.includes(r.account)).reduce((total, r) => total + Number(r.cents), 0);
  return { pendingCents: of('host_pending', 'host_tax'), availableCents: of('host_available'), inTransitCents: of('host_in_transit'), paidCents: of('host_paid') };
}
