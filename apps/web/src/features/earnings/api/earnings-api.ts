import {
  earningsReportSchema,
  payoutStatementSchema,
  type EarningsEntriesQuery,
  type EarningsQuery,
  type EarningsReport,
  type PayoutStatement,
} from '@staybook/domain/earnings';
import { apiRequest } from '../../../lib/api-client';

const EARNINGS_PATH = '/api/earnings';

/** The host's balances now, each listing's money, and each month from `from` to `to`. */
export function fetchEarnings({ from, to }: EarningsQuery, signal?: AbortSignal): Promise<EarningsReport> {
  return apiRequest(`${EARNINGS_PATH}?${new URLSearchParams({ from, to }).toString()}`, earningsReportSchema, { signal: signal ?? null });
}

/** One of the host's payouts and the stays it paid. */
export function fetchPayoutStatement(payoutId: string, signal?: AbortSignal): Promise<PayoutStatement> {
  return apiRequest(`${EARNINGS_PATH}/payouts/${encodeURIComponent(payoutId)}`, payoutStatementSchema, { signal: signal ?? null });
}

/** The host's entries from one day to another as a CSV file: the browser downloads it itself, with the session's cookie. */
export function earningsCsvUrl({ from, to }: EarningsEntriesQuery): string {
  return `${EARNINGS_PATH}/entries.csv?${new URLSearchParams({ from, to }).toString()}`;
}
