/*
 * A host's ledger entries as a CSV file, for their accountant (docs/decisions/049-marketplace-money.md): every entry
 * on their own accounts posted from the first day to the last (UTC days), oldest first, in words.
 */
import { sql } from 'drizzle-orm';
import { earningsCsvHeader, type EarningsEntriesQuery } from '@staybook/domain';
import { csvDollars, csvFile, csvText } from '../../csv.js';
import { queryRows, type Db } from '../../db/client.js';
import { REFUND_RELEASE_SUFFIX, type LedgerAccount, type LedgerJournalKind } from '../../db/ledger.js';

/** What happened, as the host reads it. A refund's release gets words of its own (see `postRefund`). */
const ENTRY_WORDS: Record<LedgerJournalKind | 'refund-release', string> = {
  capture: 'Stay paid for',
  refund: 'Refund to guest',
  release: 'Share released',
  'refund-release': 'Refund taken from available',
  payout: 'Payout sent',
  'payout-paid': 'Payout paid',
  'payout-failed': 'Payout failed',
};

/** The host's accounts, named as the Earnings page's cards name them. */
const ACCOUNT_WORDS: Partial<Record<LedgerAccount, string>> = {
  host_pending: 'Upcoming (share)',
  host_tax: 'Upcoming (tax)',
  host_available: 'Available',
  host_in_transit: 'On its way',
  host_paid: 'Paid out',
};

/**
 * The CSV file of the host's entries posted from `from` to `to`, both days included. The day after the last is the
 * database's sum (24 hours, UTC days), so no date is worked out here, whatever range a caller asks for.
 */
export async function earningsEntriesCsv(db: Db, hostId: string, { from, to }: EarningsEntriesQuery): Promise<string> {
  const rows = await queryRows<{
    day: string;
    kind: LedgerJournalKind;
    key: string;
    reference: string | null;
    roomTitle: string | null;
    payoutDay: string | null;
    account: LedgerAccount;
    cents: string;
  }>(
    db,
    sql`select to_char(j.posted_at at time zone 'UTC', 'YYYY-MM-DD') as day, j.kind, j.key, b.reference,
          b.room_title as "roomTitle", p.as_of::text as "payoutDay", e.account, e.amount_cents as cents
        from ledger_entries e
          join ledger_journals j on j.id = e.journal_id
          left join bookings b on b.id = j.booking_id
          left join payouts p on p.id = j.payout_id
        where e.host_id = ${hostId}
          and j.posted_at >= ${`${from}T00:00:00Z`}::timestamptz and j.posted_at < ${`${to}T00:00:00Z`}::timestamptz + interval '24 hours'
        order by j.posted_at, e.id`,
  );
  return csvFile(
    earningsCsvHeader(),
    rows.map((row) => [
      row.day,
      csvText(ENTRY_WORDS[row.kind === 'release' && row.key.endsWith(REFUND_RELEASE_SUFFIX) ? 'refund-release' : row.kind]),
      csvText(row.reference),
      csvText(row.roomTitle),
      row.payoutDay ?? '',
      csvText(ACCOUNT_WORDS[row.account] ?? row.account),
      csvDollars(Number(row.cents)),
    ]),
  );
}
