import { answerRequestBodySchema, stayGuestsSchema } from '@staybook/domain/bookings';
import { earningsEntriesQuerySchema } from '@staybook/domain/earnings';
import { financeQuerySchema } from '@staybook/domain/finance';
import { listUsersQuerySchema, nameSchema, passwordSchema } from '@staybook/domain/identity';
import { AUTH_LIBRARY_MESSAGES } from '@staybook/domain/auth-library-messages';
import { i18n, withLocale } from '@staybook/domain/locale';
import { monthListProblem, SEARCH_FIELD_READERS } from '@staybook/domain/search';
import { roomsQuerySchema } from '@staybook/domain/search-query';
import { describe, expect, it } from 'vitest';
import '../locales/es/catalog';

type Check = () => { success: boolean; error?: { issues: { message: string }[] } };

/** The first message a check gives, written in `locale`. */
const refusal = (locale: 'en' | 'es', check: Check) => withLocale(locale, () => check().error?.issues[0]?.message);

/** A check's message on a Spanish page, and on an English one (the server's, unchanged). */
function expectBoth(check: Check, es: string, en: string): void {
  expect(refusal('es', check)).toBe(es);
  expect(refusal('en', check)).toBe(en);
}

describe('the checks that name their limit, in the page’s language', () => {
  it('a name and a password too short or too long', () => {
    expectBoth(() => nameSchema.safeParse('n'.repeat(81)), 'El nombre debe tener como máximo 80 caracteres', 'Name must be at most 80 characters');
    expectBoth(() => passwordSchema.safeParse('short'), 'La contraseña debe tener al menos 8 caracteres', 'Password must be at least 8 characters');
    expectBoth(() => passwordSchema.safeParse('p'.repeat(129)), 'La contraseña debe tener como máximo 128 caracteres', 'Password must be at most 128 characters');
    expectBoth(() => listUsersQuerySchema.safeParse({ q: 'q'.repeat(101) }), 'Busca como máximo 100 caracteres', 'Search at most 100 characters');
  });

  it('a stay’s guests and a host’s answer to a request', () => {
    expectBoth(() => stayGuestsSchema.safeParse(51), 'Los huéspedes deben ser un número entero del 1 al 50', 'Guests must be a whole number from 1 to 50');
    expectBoth(() => stayGuestsSchema.safeParse(1.5), 'Los huéspedes deben ser un número entero del 1 al 50', 'Guests must be a whole number from 1 to 50');
    expectBoth(
      () => answerRequestBodySchema.safeParse({ message: 'm'.repeat(1001) }),
      'El mensaje debe tener menos de 1000 caracteres.',
      'Keep the message under 1000 characters.',
    );
  });

  it('a search’s place and months', () => {
    const where = 'w'.repeat(101);
    expectBoth(() => roomsQuerySchema.safeParse({ where }), 'El destino debe tener como máximo 100 caracteres', 'Where must be at most 100 characters');
    const read = (locale: 'en' | 'es') => withLocale(locale, () => SEARCH_FIELD_READERS.where(where));
    expect(read('es')).toEqual({ problem: 'El destino debe tener como máximo 100 caracteres' });
    expect(read('en')).toEqual({ problem: 'Where must be at most 100 characters' });
    const months = '2027-01,2027-02,2027-03,2027-04';
    expect(withLocale('es', () => monthListProblem(months))).toBe('Los meses deben indicar como máximo 3 meses');
    expect(withLocale('en', () => monthListProblem(months))).toBe('Months must name at most 3 months');
  });

  it('a period of statements or of ledger entries', () => {
    expectBoth(() => financeQuerySchema.safeParse({ from: '2024-01', to: '2027-01' }), 'Como máximo 36 meses a la vez', 'At most 36 months at a time');
    expectBoth(
      () => earningsEntriesQuerySchema.safeParse({ from: '2025-01-01', to: '2026-06-01' }),
      'Como máximo 366 días a la vez',
      'At most 366 days at a time',
    );
  });
});

describe('the auth library’s messages a person can meet', () => {
  it('are written in Spanish on a Spanish page, and as the library writes them in English', () => {
    for (const message of AUTH_LIBRARY_MESSAGES) {
      const spanish = withLocale('es', () => i18n.known(message));
      expect(spanish, message).not.toBe(message);
      expect(spanish, message).not.toBe('');
      expect(withLocale('en', () => i18n.known(message))).toBe(message);
    }
    expect(withLocale('es', () => i18n.known('Invalid email or password'))).toBe('Correo electrónico o contraseña incorrectos');
  });
});
