import { refundLineLabel } from '@staybook/domain/bookings';
import type { QuoteLineKind, QuoteLine } from '@staybook/domain/quote';
import { i18n } from './i18n';

/**
 * The words the domain's `refundLineLabel` names a refund's line with (the mails write them in English), marked for
 * the app's catalog: the page shows them in its language. refund-line-text.test.ts holds the list to the domain's.
 */
export const REFUND_LINE_LABELS = [
  /*i18n*/ 'Nights',
  /*i18n*/ 'Nights (after discount)',
  /*i18n*/ 'Cleaning fee',
  /*i18n*/ 'Extra guest fee',
  /*i18n*/ 'Occupancy tax',
  /*i18n*/ 'Service fee',
];

/** A refund's line ('Nights (after discount)', 'Cleaning fee'), in the page's language. */
export function refundLineText(kind: QuoteLineKind, charged: readonly QuoteLine[]): string {
  return i18n.known(refundLineLabel(kind, charged));
}
