import type { FinanceQuery } from '@staybook/domain/finance';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { checkPeriod, defaultPeriod, refusedMonths, type PeriodErrors } from '../lib/month-period';

/**
 * The period of months a money page shows (Finance, Earnings) and its report: the months as typed, and the last
 * period typed that held together, which the page fetches with `useReport`, so a period being typed keeps the one
 * before on screen.
 */
export function useMonthReport<T>(useReport: (period: FinanceQuery) => UseQueryResult<T>) {
  const [typed, setTyped] = useState(defaultPeriod);
  const [period, setPeriod] = useState<FinanceQuery>(typed);
  const checked = checkPeriod(typed);
  const report = useReport(period);
  /** What the server said about the period's months, should it refuse one the page took. */
  const refused = refusedMonths(report.error);

  const change = (next: FinanceQuery) => {
    setTyped(next);
    const nextChecked = checkPeriod(next);
    if ('period' in nextChecked) setPeriod(nextChecked.period);
  };

  /** What to say under each field: what is wrong with the months as typed, else what the server refused of them. */
  const errors: PeriodErrors = 'errors' in checked ? checked.errors : (refused ?? {});

  return { typed, period, change, report, refused, errors };
}
