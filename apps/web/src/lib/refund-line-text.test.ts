import { refundLineLabel } from '@staybook/domain/bookings';
import { setActiveLocale } from '@staybook/domain/locale';
import { QUOTE_LINE_KINDS, type QuoteLine } from '@staybook/domain/quote';
import { describe, expect, it } from 'vitest';
import '../locales/es/catalog';
import { i18n } from './i18n';
import { refundLineText } from './refund-line-text';

const DISCOUNTED: QuoteLine[] = [{ kind: 'weekly-discount', amountCents: 1_000, credit: true, percent: 10 }];

describe('refundLineText', () => {
  it('has every word the domain names a refund line with in the catalog', () => {
    const named = new Set(QUOTE_LINE_KINDS.flatMap((kind) => [refundLineLabel(kind, []), refundLineLabel(kind, DISCOUNTED)]));
    setActiveLocale('es');
    try {
      for (const label of named) expect(i18n.known(label), label).not.toBe(label);
    } finally {
      setActiveLocale('en');
    }
  });

  it('names a line in the page’s language', () => {
    expect(refundLineText('nights', DISCOUNTED)).toBe('Nights (after discount)');
    setActiveLocale('es');
    try {
      expect(refundLineText('nights', DISCOUNTED)).toBe('Noches (tras el descuento)');
      expect(refundLineText('tax', [])).toBe('Impuesto turístico');
    } finally {
      setActiveLocale('en');
    }
  });
});
