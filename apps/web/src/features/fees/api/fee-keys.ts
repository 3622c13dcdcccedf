/** Every query key for the marketplace's fees comes from here: one answer, the rates in force and their history. */
export const feeKeys = {
  all: ['marketplace-fees'] as const,
};
