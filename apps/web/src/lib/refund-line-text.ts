import { refundLineLabel } from '@staybook/domain/bookings';
import type { QuoteLineKind, QuoteLine } from '@staybook/domain/quote';
import { i18n } from './i18n';

/**
 * A refund's line ('Nights (after discount)', 'Cleaning fee'), in the page's language: the domain's `refundLineLabel`
 * words, which it marks for the catalogs, as the mails write them in theirs.
 */
export function refundLineText(kind: QuoteLineKind, charged: readonly QuoteLine[]): string {
  return i18n.known(refundLineLabel(kind, charged));
}
