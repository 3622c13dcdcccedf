import type { FinanceQuery } from '@staybook/domain/finance';
import { useQuery } from '@tanstack/react-query';
import { PERIOD_REPORT_QUERY } from '../../../lib/month-period';
import { fetchFinanceReport } from './finance-api';
import { financeKeys } from './finance-keys';

/** The figures of a period (admins only). */
export function useFinanceReport(period: FinanceQuery) {
  return useQuery({
    queryKey: financeKeys.report(period),
    queryFn: ({ signal }) => fetchFinanceReport(period, signal),
    ...PERIOD_REPORT_QUERY,
  });
}
