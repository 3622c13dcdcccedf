/** Every query key for the marketplace's fees and currency comes from here. */
export const feeKeys = {
  /** The rates in force and their history. */
  all: ['marketplace-fees'] as const,
  /** The currency and whether it can change. */
  currency: () => ['marketplace-currency'] as const,
};
