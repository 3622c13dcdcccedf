import { activeLocale, withLocale } from '@staybook/domain';
import { describe, expect, it } from 'vitest';
import { SAMPLE_STAY } from '../../test/mail-samples.js';
import { bookingConfirmationMail } from './templates.js';

const STAY = SAMPLE_STAY;

/** Decision 062: a mail goes out in its recipient's language when it is known, in English otherwise. */
describe('the booking confirmation in Spanish', () => {
  it('writes its subject, lines, dates, price and policy in Spanish, and English stays as it was', () => {
    const spanish = withLocale('es', () => bookingConfirmationMail(STAY, 'https://staybook.test'));
    expect(activeLocale()).toBe('en');
    expect(spanish.subject).toBe('Tu estancia en Red cottage está reservada');
    for (const line of [
      'Hola, Ana:',
      'Tu estancia está reservada y pagada:',
      'Referencia de la reserva: SB-7K3Q-9M2D',
      'Del 10 ene 2030 al 13 ene 2030 (3 noches)',
      'Para 2 huéspedes',
      '3 noches × $100: $300',
      'Gastos de limpieza: $40',
      'Total cobrado: $340',
      'Tu anfitrión: Rui',
      'Política de cancelación: Flexible. Reembolso completo si cancelas antes del día de llegada.',
      'Ver el viaje: https://staybook.test/dashboard/trips/5f0c9d3e-0000-4000-8000-000000000009',
    ]) {
      expect(spanish.text).toContain(line);
    }
    expect(spanish.html).toContain('Referencia de la reserva: SB-7K3Q-9M2D');

    const english = bookingConfirmationMail(STAY, 'https://staybook.test');
    expect(english.subject).toBe('Your stay at Red cottage is booked');
    expect(english.text).toContain('Jan 10, 2030 to Jan 13, 2030 (3 nights)');
    expect(english.text).toContain('Cancellation policy: Flexible. Full refund if you cancel before the check-in day.');
  });
});
