import {
  financeReportSchema,
  reconciliationReportSchema,
  type FinanceQuery,
  type FinanceReport,
  type ReconciliationReport,
} from '@staybook/domain/finance';
import { apiRequest } from '../../../lib/api-client';

const FINANCE_PATH = '/api/admin/finance';

function periodQuery({ from, to }: FinanceQuery): string {
  return new URLSearchParams({ from, to }).toString();
}

/** The figures of each month from `from` to `to`, their totals, and what the marketplace owes hosts now. */
export function fetchFinanceReport(period: FinanceQuery, signal?: AbortSignal): Promise<FinanceReport> {
  return apiRequest(`${FINANCE_PATH}?${periodQuery(period)}`, financeReportSchema, { signal: signal ?? null });
}

/** The same figures as a CSV file: the browser downloads it itself, the session's cookie going with the request. */
export function financeCsvUrl(period: FinanceQuery): string {
  return `${FINANCE_PATH}.csv?${periodQuery(period)}`;
}

/** The month's payments and payouts, checked with the payment provider's own records. */
export function fetchReconciliation(month: string, signal?: AbortSignal): Promise<ReconciliationReport> {
  const query = new URLSearchParams({ month }).toString();
  return apiRequest(`${FINANCE_PATH}/reconciliation?${query}`, reconciliationReportSchema, { signal: signal ?? null });
}
