import { cardDigits, type CardInput } from '@staybook/domain/cards';

/** "1234" → "12 / 34", as the guest types the expiry date. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The form's three fields as the card the processor checks; the expiry is MM / YY. */
export function toCardInput(number: string, expiry: string, cvc: string): CardInput {
  const digits = expiry.replace(/\D/g, '');
  return {
    number: cardDigits(number),
    // Anything but MM / YY is NaN, which the card check reports as an invalid date.
    expMonth: digits.length === 4 ? Number(digits.slice(0, 2)) : Number.NaN,
    expYear: digits.length === 4 ? 2000 + Number(digits.slice(2)) : Number.NaN,
    cvc,
  };
}
