/*
 * A host's earnings (docs/decisions/049-marketplace-money.md): their balances now, each listing's money and each
 * month's, all read from the host's own entries in the ledger (`ledger_entries.host_id`), through the journals'
 * bookings to their rooms. The statement of one payout is payout-statement.ts; the entries as CSV, earnings-csv.ts.
 */
import { sql } from 'drizzle-orm';
import { addMonths, EARNINGS_MONTH_COLUMNS, type EarningsQuery, type EarningsReport, type ListingEarnings, type MonthEarningsFigures } from '@staybook/domain';
import { queryRows, type Db } from '../../db/client.js';
import { hostBalances } from '../../db/ledger.js';
import { monthsAndTotals, monthStart, type MonthSums } from '../../db/ledger-months.js';
import { coveringPayoutStatusSql, hostJournalsSql } from './host-journals.js';

export type EarningsDeps = { db: Db };

/** The Earnings page of a host: balances now, every listing since its first stay, and the months of the period. */
export async function earningsReport(db: Db, hostId: string, period: EarningsQuery): Promise<EarningsReport> {
  const { pendingCents, availableCents, inTransitCents, paidCents } = await hostBalances(db, hostId);
  return {
    balances: { upcomingCents: pendingCents, availableCents, inTransitCents, paidCents },
    listings: await listingEarnings(db, hostId),
    ...(await monthEarnings(db, hostId, period)),
  };
}

/**
 * Each listing's money: booked and refunded from its stays' captures and refunds, upcoming from what is still
 * pending for them, and what was released split by the payout that covers it (host-journals.ts): none yet
 * (available), one on its way, or one paid.
 */
async function listingEarnings(db: Db, hostId: string): Promise<ListingEarnings[]> {
  const rows = await queryRows<Record<Exclude<keyof ListingEarnings, 'roomId' | 'title'>, string> & { roomId: string; title: string }>(
    db,
    sql`with ${hostJournalsSql(hostId)},
      by_booking as (
        select j.booking_id,
          count(*) filter (where j.kind = 'capture') as captures,
          coalesce(sum(e.amount_cents) filter (where j.kind = 'capture'), 0) as booked,
          coalesce(-sum(e.amount_cents) filter (where j.kind = 'refund'), 0) as refunded,
          coalesce(sum(e.amount_cents) filter (where e.account in ('host_pending', 'host_tax')), 0) as upcoming
        from ledger_journals j join ledger_entries e on e.journal_id = j.id
        where e.host_id = ${hostId} and j.booking_id is not null
        group by j.booking_id
      ),
      released as (
        select r.booking_id, r.available, ${coveringPayoutStatusSql} as covered
        from host_journals r where r.kind = 'release'
      ),
      by_release as (
        select booking_id,
          coalesce(sum(available) filter (where covered is null), 0) as available,
          coalesce(sum(available) filter (where covered = 'sending'), 0) as in_transit,
          coalesce(sum(available) filter (where covered = 'paid'), 0) as paid
        from released group by booking_id
      )
      select rm.id as "roomId", rm.title,
        count(*) filter (where bb.captures > 0) as stays,
        sum(bb.booked) as "bookedCents", sum(bb.refunded) as "refundedCents", sum(bb.upcoming) as "upcomingCents",
        coalesce(sum(br.available), 0) as "availableCents", coalesce(sum(br.in_transit), 0) as "inTransitCents",
        coalesce(sum(br.paid), 0) as "paidCents"
      from by_booking bb
        join bookings b on b.id = bb.booking_id
        join rooms rm on rm.id = b.room_id
        left join by_release br on br.booking_id = bb.booking_id
      group by rm.id, rm.title
      order by rm.title, rm.id`,
  );
  return rows.map((row) => ({
    roomId: row.roomId,
    title: row.title,
    stays: Number(row.stays),
    bookedCents: Number(row.bookedCents),
    refundedCents: Number(row.refundedCents),
    upcomingCents: Number(row.upcomingCents),
    availableCents: Number(row.availableCents),
    inTransitCents: Number(row.inTransitCents),
    paidCents: Number(row.paidCents),
  }));
}

/**
 * Each month's movements, from the host's entries in the journals posted in it (UTC months): a capture's share and
 * tax is booked; a refund's comes back; a release's (a refund's negative release included) is released; a paid
 * payout's is paid out.
 */
async function monthEarnings(db: Db, hostId: string, { from, to }: EarningsQuery): Promise<Pick<EarningsReport, 'months' | 'totals'>> {
  const rows = await queryRows<MonthSums<keyof MonthEarningsFigures>>(
    db,
    sql`select to_char(j.posted_at at time zone 'UTC', 'YYYY-MM') as month,
          coalesce(sum(e.amount_cents) filter (where j.kind = 'capture'), 0) as "bookedCents",
          coalesce(-sum(e.amount_cents) filter (where j.kind = 'refund'), 0) as "refundedCents",
          coalesce(sum(e.amount_cents) filter (where j.kind = 'release' and e.account = 'host_available'), 0) as "releasedCents",
          coalesce(sum(e.amount_cents) filter (where e.account = 'host_paid'), 0) as "paidCents"
        from ledger_entries e join ledger_journals j on j.id = e.journal_id
        where e.host_id = ${hostId}
          and j.posted_at >= ${monthStart(from)}::timestamptz and j.posted_at < ${monthStart(addMonths(to, 1))}::timestamptz
        group by 1`,
  );
  return monthsAndTotals(rows, EARNINGS_MONTH_COLUMNS, { from, to });
}
