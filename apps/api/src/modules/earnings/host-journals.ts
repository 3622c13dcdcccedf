/*
 * Which payout paid which release: the one rule behind a host's statements and the per-listing figures of their
 * Earnings page (docs/decisions/049-marketplace-money.md, 'Earnings for hosts').
 *
 * A payout pays the host's whole available balance, and money reaches that balance only through release journals
 * (a stay's share and tax 24 hours after check-in, and a refund's negative release when the share was already
 * released) and failed payouts (which put a payout's money back). So a payout covers exactly the releases posted
 * after the host's previous payout that was not failed, up to its own journal: a failed payout's releases are
 * covered again by the next payout, and a refund released after a payout is netted by the next one.
 *
 * "After" is the order the journals were written in: a journal's position is its first entry's id (a sequence, so
 * later inserts have larger ids). `posted_at` is the transaction's start, which a payout waiting for its account's
 * lock would place before releases it then pays. A release written while a payout is being written can still land
 * on the other side of the line; the statement says what its stays do not account for (`otherCents`).
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * `host_journals`: the host's release and payout journals with their position and what each moved to or from the
 * available balance; `sent`: their payouts that were not failed, by position. CTEs to start a `with` clause with.
 */
export function hostJournalsSql(hostId: string): SQL {
  return sql`host_journals as (
      select j.id, j.kind, j.key, j.booking_id, j.payout_id, min(e.id) as position,
        coalesce(sum(e.amount_cents) filter (where e.account = 'host_available'), 0) as available
      from ledger_journals j join ledger_entries e on e.journal_id = j.id
      where e.host_id = ${hostId} and j.kind in ('release', 'payout')
      group by j.id, j.kind, j.key, j.booking_id, j.payout_id
    ), sent as (
      select hj.position, p.id, p.status from host_journals hj join payouts p on p.id = hj.payout_id
      where hj.kind = 'payout' and p.status <> 'failed'
    )`;
}

/** For a release journal `r` of `host_journals`: the status of the payout that covers it (null: none yet, available). */
export const coveringPayoutStatusSql = sql`(select s.status from sent s where s.position > r.position order by s.position limit 1)`;
