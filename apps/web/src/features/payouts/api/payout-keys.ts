/**
 * Every query key for payouts comes from here: one list, the signed-in host's Payouts page (their bank account,
 * balances and payouts, a page at a time).
 */
export const payoutKeys = {
  all: ['payouts'] as const,
  pages: () => [...payoutKeys.all, 'pages'] as const,
};
