import { formatMoney } from '@staybook/domain/money';
import { lineLabel, type QuoteLine } from '@staybook/domain/quote';
import { i18n } from '../../../lib/i18n';

interface PriceBreakdownProps {
  /** The quote's line items (packages/domain/src/quote.ts): the server's once it has priced the stay. */
  lines: readonly QuoteLine[];
  totalCents: number;
}

/**
 * '2 nights × $150 (weekend)', a discount, the fees, the tax, and the Total: the one quote, shown on the card, in
 * the review dialog and on the trip page. A lone nights' line carries no amount: it would only repeat the Total.
 */
export function PriceBreakdown({ lines, totalCents }: PriceBreakdownProps) {
  const lone = lines.length === 1;
  return (
    <div className="flex flex-col gap-2 text-neutral-900">
      <ul aria-label={i18n.t('Price details')} className="flex flex-col gap-1 text-neutral-600">
        {lines.map((line) => (
          <li key={`${line.kind}:${line.unitCents ?? ''}:${line.weekend ?? ''}`} className="flex items-center justify-between gap-4">
            <span>{lineLabel(line)}</span>
            {!lone && <span className={line.credit ? 'text-emerald-700' : undefined}>{`${line.credit ? '−' : ''}${formatMoney(line.amountCents)}`}</span>}
          </li>
        ))}
      </ul>
      <p className="flex items-center justify-between border-t border-neutral-200 pt-2 text-lg font-semibold">
        <span>{i18n.t('Total')}</span>
        <span>{formatMoney(totalCents)}</span>
      </p>
    </div>
  );
}
