import type { FinanceQuery } from '@staybook/domain/finance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchFinanceReport } from './finance-api';
import { financeKeys } from './finance-keys';

/**
 * The figures of a period (admins only). Fetched afresh on opening, as money moves all day; while another period
 * loads, the one before stays on screen.
 */
export function useFinanceReport(period: FinanceQuery) {
  return useQuery({
    queryKey: financeKeys.report(period),
    queryFn: ({ signal }) => fetchFinanceReport(period, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
