import type { MarketplaceFeesAnswer, MarketplaceFeeRates } from '@staybook/domain/marketplace-fees';

function sameSetting(a: MarketplaceFeeRates, b: MarketplaceFeeRates): boolean {
  return a.setAt === b.setAt && a.guestFeeBp === b.guestFeeBp && a.hostCommissionBp === b.hostCommissionBp;
}

/**
 * The admins' changes of the rates, newest first: the rates in force (once an admin has set any) and those before
 * them, each once whether or not the history repeats the rates in force. The marketplace's start (no date, no fees)
 * is not a change.
 */
export function feeChanges({ current, history }: MarketplaceFeesAnswer): MarketplaceFeeRates[] {
  const changes = history.filter((rates) => rates.setAt !== null);
  const currentListed = current.setAt === null || changes.some((rates) => sameSetting(rates, current));
  return currentListed ? changes : [current, ...changes];
}
