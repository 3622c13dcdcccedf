import { describe, expect, it } from 'vitest';
import { cardBrand, cardBrandName, checkCardInput, formatCardNumber, passesLuhn } from './cards.js';

const today = new Date('2026-11-22T12:00:00Z');
const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...extra,
});

describe('card checks (as Stripe test mode)', () => {
  it('knows the test numbers by brand and Luhn', () => {
    expect(cardBrand('4242 4242 4242 4242')).toBe('visa');
    expect(cardBrand('5555 5555 5555 4444')).toBe('mastercard');
    expect(cardBrand('3782 822463 10005')).toBe('amex');
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('refuses what Stripe refuses before sending', () => {
    expect(checkCardInput(card('4242 4242 4242 4242'), today)).toBeNull();
    expect(checkCardInput(card('3782 822463 10005', { cvc: '1234' }), today)).toBeNull();
    expect(checkCardInput(card('4242 4242 4242 4241'), today)).toBe('invalid_number');
    expect(checkCardInput(card('4242 4242'), today)).toBe('incomplete_number');
    expect(checkCardInput(card('4242 4242 4242 4242', { expMonth: 10, expYear: 2026 }), today)).toBe('expiry_in_past');
    expect(checkCardInput(card('4242 4242 4242 4242', { expMonth: 11, expYear: 26 }), today)).toBeNull();
    expect(checkCardInput(card('4242 4242 4242 4242', { expMonth: 13 }), today)).toBe('invalid_expiry');
    expect(checkCardInput(card('4242 4242 4242 4242', { cvc: '12' }), today)).toBe('invalid_cvc');
    expect(checkCardInput(card('3782 822463 10005', { cvc: '123' }), today)).toBe('invalid_cvc');
  });
});

describe('card brand names', () => {
  it('writes every brand the form recognizes, and those a provider may report, whatever their case', () => {
    expect(cardBrandName(cardBrand('4242 4242 4242 4242'))).toBe('Visa');
    expect(cardBrandName('MASTERCARD')).toBe('Mastercard');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('unionpay')).toBe('UnionPay');
  });

  it('names nothing for an unknown brand, however it is spelled', () => {
    for (const brand of ['unknown', '', 'constructor', 'toString']) expect(cardBrandName(brand), brand).toBeNull();
  });
});
