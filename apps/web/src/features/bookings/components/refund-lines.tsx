import type { LineRefund } from '@staybook/domain/cancellation';
import { formatMoney } from '@staybook/domain/money';
import type { QuoteLine } from '@staybook/domain/quote';
import { useId } from 'react';
import { refundLineText } from '../../../lib/refund-line-text';

interface RefundLinesProps {
  title: string;
  /** The refund by line, as the server worked it out. */
  refunds: readonly LineRefund[];
  /** The lines the stay was charged, which word the refund's. */
  charged: readonly QuoteLine[];
  totalLabel: string;
  totalCents: number;
  className?: string;
}

/**
 * A refund line by line, then its total: in the cancel dialog before anyone confirms, and on the trip page once it
 * is made. A refund of one line, or none the server could tell by line, is not listed: it would only repeat the
 * total said beside it.
 */
export function RefundLines({ title, refunds, charged, totalLabel, totalCents, className = '' }: RefundLinesProps) {
  const id = useId();
  if (refunds.length < 2) return null;
  return (
    <div className={`flex flex-col gap-1 text-neutral-900 ${className}`}>
      <p id={id} className="font-medium">
        {title}
      </p>
      <dl aria-labelledby={id} className="flex flex-col gap-1">
        {refunds.map((line) => (
          <div key={line.kind} className="flex items-center justify-between gap-4 text-neutral-600">
            <dt>{refundLineText(line.kind, charged)}</dt>
            <dd>{formatMoney(line.refundCents)}</dd>
          </div>
        ))}
        <div className="flex items-center justify-between gap-4 border-t border-neutral-200 pt-1 font-semibold">
          <dt>{totalLabel}</dt>
          <dd>{formatMoney(totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
