import { nightChangeSchema } from '@staybook/domain/host-calendar';
import { LISTING_RULE_FIELDS } from '@staybook/domain/listing-rules-input';
import { withLocale } from '@staybook/domain/locale';
import { describe, expect, it } from 'vitest';
import '../../locales/es/catalog';

/** The first message a schema gives for `value`, written in `locale`. */
function refusal(locale: 'en' | 'es', check: () => { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return withLocale(locale, () => check().error?.issues[0]?.message);
}

describe("a host's stay rules and calendar prices, refused in the page's language", () => {
  it('writes the weekday, cut-off and price checks in Spanish on a Spanish page, and as before in English', () => {
    const none = () => LISTING_RULE_FIELDS.checkInDays.safeParse([]);
    const outOfRange = () => LISTING_RULE_FIELDS.checkOutDays.safeParse([7]);
    const cutOff = () => LISTING_RULE_FIELDS.sameDayUntil.safeParse('noon');
    const price = () => nightChangeSchema.safeParse({ price: '0' });
    expect(refusal('es', none)).toBe('Elige al menos un día de llegada');
    expect(refusal('es', outOfRange)).toBe('Los días de salida deben ser días de la semana del 0 (domingo) al 6 (sábado)');
    expect(refusal('es', cutOff)).toBe('La hora límite del mismo día debe ser una hora como 18:00');
    expect(refusal('es', price)).toMatch(/^El precio por noche debe ser un importe de .+1 a .+100.000/);
    expect(refusal('en', none)).toBe('Please choose at least one check-in day');
    expect(refusal('en', outOfRange)).toBe('Check-out days must be weekdays from 0 (Sunday) to 6 (Saturday)');
    expect(refusal('en', cutOff)).toBe('Same-day cut-off must be a time such as 18:00');
    expect(refusal('en', price)).toBe('Price per night must be an amount from $1 to $100,000');
  });
});
