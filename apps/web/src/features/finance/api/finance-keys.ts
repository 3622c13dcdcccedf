import type { FinanceQuery } from '@staybook/domain/finance';

/**
 * Every query key for the admins' Finance page comes from here: the figures of a period (and what is owed to hosts
 * now, which comes with them), and one month's reconciliation with the payment provider.
 */
export const financeKeys = {
  all: ['finance'] as const,
  report: ({ from, to }: FinanceQuery) => [...financeKeys.all, 'report', { from, to }] as const,
  reconciliation: (month: string) => [...financeKeys.all, 'reconciliation', month] as const,
};
