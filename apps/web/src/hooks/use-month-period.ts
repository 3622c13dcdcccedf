import type { FinanceQuery } from '@staybook/domain/finance';
import { useState } from 'react';
import { checkPeriod, defaultPeriod, type PeriodErrors } from '../lib/month-period';

/**
 * The period of months a money page shows (Finance, Earnings): the months as typed, and the last period typed that
 * held together, which the page fetches, so a period being typed keeps the one before on screen.
 */
export function useMonthPeriod() {
  const [typed, setTyped] = useState(defaultPeriod);
  const [period, setPeriod] = useState<FinanceQuery>(typed);
  const checked = checkPeriod(typed);

  const change = (next: FinanceQuery) => {
    setTyped(next);
    const nextChecked = checkPeriod(next);
    if ('period' in nextChecked) setPeriod(nextChecked.period);
  };

  /** What to say under each field: what is wrong with the months as typed, else what the server refused of them. */
  const errors = (refused: PeriodErrors | null): PeriodErrors => ('errors' in checked ? checked.errors : (refused ?? {}));

  return { typed, period, change, errors };
}
