import { formatMoney } from '@staybook/domain/money';
import { countOf } from '@staybook/domain/text';

interface PriceBreakdownProps {
  nightlyCents: number;
  nights: number;
  totalCents: number;
}

/** "$185 × 3 nights" and the Total: the price rule, shown on the card and in the review dialog. */
export function PriceBreakdown({ nightlyCents, nights, totalCents }: PriceBreakdownProps) {
  return (
    <div className="flex flex-col gap-2 text-neutral-900">
      {/* One line item: its amount would only repeat the Total. */}
      <p className="text-neutral-600">{`${formatMoney(nightlyCents)} × ${countOf(nights, 'night')}`}</p>
      <p className="flex items-center justify-between border-t border-neutral-200 pt-2 text-lg font-semibold">
        <span>Total</span>
        <span>{formatMoney(totalCents)}</span>
      </p>
    </div>
  );
}
