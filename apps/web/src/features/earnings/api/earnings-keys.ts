import type { EarningsQuery } from '@staybook/domain/earnings';

/**
 * Every query key of a host's Earnings comes from here: the figures of a period (with the balances and listings now,
 * which come with them), and one payout's statement.
 */
export const earningsKeys = {
  all: ['earnings'] as const,
  report: ({ from, to }: EarningsQuery) => [...earningsKeys.all, 'report', { from, to }] as const,
  statement: (payoutId: string) => [...earningsKeys.all, 'statement', payoutId] as const,
};
