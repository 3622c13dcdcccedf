/*
 * One payout's statement (docs/decisions/049-marketplace-money.md): the payout and the stays it paid, each with its
 * share, tax and the refunds netted, derived from the ledger by the rule in host-journals.ts (no table records it).
 */
import { and, eq, sql } from 'drizzle-orm';
import { payoutFailureMessage, type PayoutStatement, type StatementStay } from '@staybook/domain';
import { queryRows, type Db } from '../../db/client.js';
import { REFUND_RELEASE_SUFFIX } from '../../db/ledger.js';
import { payouts, users } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import { hostJournalsSql } from './host-journals.js';

type PayoutRow = typeof payouts.$inferSelect;

/** Another host's payout, or none: the same answer, so a payout's existence is never told to anyone else. */
const NOT_FOUND = /*i18n*/ 'Payout not found. Your payouts are listed on the Earnings and Payouts pages.';

/**
 * The statement of the host's payout `payoutId`. Its stays are those whose releases it covers: posted after the
 * host's previous payout that was not failed, up to its own journal. For each, what the payout paid for it: the
 * share and tax when the stay's own release is among them, less what refunds took back (netted in that release, or
 * released on their own, negative, when the refund came after the share was released).
 */
export async function payoutStatement(db: Db, hostId: string, payoutId: string): Promise<PayoutStatement> {
  const [payout] = await db.select().from(payouts).where(and(eq(payouts.id, payoutId), eq(payouts.hostId, hostId)));
  if (!payout) throw new NotFoundError(NOT_FOUND);
  const [host] = await db.select({ name: users.name }).from(users).where(eq(users.id, hostId));

  const positions = await queryRows<{ id: string; asOf: string; status: PayoutRow['status']; position: string | null }>(
    db,
    sql`select p.id, p.as_of::text as "asOf", p.status,
          (select min(e.id) from ledger_journals j join ledger_entries e on e.journal_id = j.id
            where j.payout_id = p.id and j.kind = 'payout') as position
        from payouts p where p.host_id = ${hostId}`,
  );
  const at = (row: { position: string | null }) => (row.position === null ? null : BigInt(row.position));
  const own = at(positions.find((row) => row.id === payoutId)!);
  const notFailed = positions
    .filter((row) => row.status !== 'failed' && at(row) !== null)
    .sort((a, b) => (at(a)! < at(b)! ? -1 : 1));
  const previous = own === null ? undefined : notFailed.filter((row) => at(row)! < own).at(-1);
  const next = own === null ? undefined : notFailed.find((row) => at(row)! > own);

  const stays = own === null ? [] : await staysCovered(db, hostId, previous ? at(previous)! : 0n, own);
  const totals = { shareCents: 0, taxCents: 0, refundedCents: 0, netCents: 0 };
  for (const stay of stays) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += stay[key];
  return {
    payout: {
      id: payout.id,
      asOf: payout.asOf,
      createdAt: payout.createdAt.toISOString(),
      amountCents: payout.amountCents,
      status: payout.status,
      failureMessage: payout.status === 'failed' ? payoutFailureMessage(payout.failureCode) : null,
      last4: payout.last4,
    },
    hostName: host?.name ?? '',
    stays,
    totals,
    otherCents: payout.amountCents - totals.netCents,
    paidWith: payout.status === 'failed' && next ? { id: next.id, asOf: next.asOf, status: next.status } : null,
  };
}

/** The stays whose releases are positioned after `after` and up to `upTo`, with what those releases paid for each. */
async function staysCovered(db: Db, hostId: string, after: bigint, upTo: bigint): Promise<StatementStay[]> {
  const rows = await queryRows<{
    bookingId: string;
    reference: string;
    roomTitle: string;
    checkIn: string;
    checkOut: string;
    guestName: string;
    ownRelease: boolean;
    net: string;
    share: string;
    tax: string;
  }>(
    db,
    sql`with ${hostJournalsSql(hostId)}
      select b.id as "bookingId", b.reference, b.room_title as "roomTitle", b.check_in::text as "checkIn",
        b.check_out::text as "checkOut", g.name as "guestName",
        bool_or(r.key not like ${`%${REFUND_RELEASE_SUFFIX}`}) as "ownRelease",
        sum(r.available) as net,
        (select coalesce(sum(e.amount_cents) filter (where e.account = 'host_pending'), 0)
          from ledger_journals j join ledger_entries e on e.journal_id = j.id
          where j.booking_id = b.id and j.kind = 'capture' and e.host_id = ${hostId}) as share,
        (select coalesce(sum(e.amount_cents) filter (where e.account = 'host_tax'), 0)
          from ledger_journals j join ledger_entries e on e.journal_id = j.id
          where j.booking_id = b.id and j.kind = 'capture' and e.host_id = ${hostId}) as tax
      from host_journals r
        join bookings b on b.id = r.booking_id
        join users g on g.id = b.guest_id
      where r.kind = 'release' and r.position > ${after.toString()}::bigint and r.position <= ${upTo.toString()}::bigint
      group by b.id, b.reference, b.room_title, b.check_in, b.check_out, g.name
      order by b.check_in, b.reference`,
  );
  return rows.map((row) => {
    // The stay's own release pays its share and tax (net of any refund before it); a refund's release alone only nets.
    const shareCents = row.ownRelease ? Number(row.share) : 0;
    const taxCents = row.ownRelease ? Number(row.tax) : 0;
    const netCents = Number(row.net);
    return {
      bookingId: row.bookingId,
      reference: row.reference,
      roomTitle: row.roomTitle,
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      guestName: row.guestName,
      shareCents,
      taxCents,
      refundedCents: shareCents + taxCents - netCents,
      netCents,
    };
  });
}
