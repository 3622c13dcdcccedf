import { formatMoney } from '@staybook/domain/money';

/** What a refund took back, as a deduction: '−$105' (nothing taken: '$0'). */
export function formatTakenBack(cents: number): string {
  return cents === 0 ? formatMoney(0) : `−${formatMoney(cents)}`;
}
