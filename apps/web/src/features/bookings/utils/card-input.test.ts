import { describe, expect, it } from 'vitest';
import { formatExpiry, toCardInput } from './card-input';

describe('the expiry field', () => {
  it('reads MM / YY as it is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('12 / 34')).toBe('12 / 34');
    expect(formatExpiry('12/345')).toBe('12 / 34');
  });

  it('lets the guest delete back past the slash', () => {
    expect(formatExpiry('12 / ')).toBe('12');
  });
});

describe('the card sent to the processor', () => {
  it('carries the digits, the month and the full year', () => {
    expect(toCardInput('4242 4242 4242 4242', '12 / 29', '123')).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2029,
      cvc: '123',
    });
  });

  it('has no date until the expiry is complete, which the card check reports', () => {
    const card = toCardInput('4242 4242 4242 4242', '12 / 2', '123');
    expect(card.expMonth).toBeNaN();
    expect(card.expYear).toBeNaN();
  });
});
