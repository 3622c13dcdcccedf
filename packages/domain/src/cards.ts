/**
 * Card rules shared by the card form and the built-in test-mode processor. They follow Stripe's
 * test mode: the same test numbers, the same decline codes and the same messages for the guest.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/**
 * How a card brand is written, by the provider's lower-case name: the brands the card form recognizes, and the
 * few more a real provider may report for a booking's card.
 */
const CARD_BRAND_NAMES = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
} as const satisfies Partial<Record<CardBrand, string>> & Record<string, string>;

/** The written name of a brand ('Visa' for 'visa' or 'VISA'), or null when it is not one the product names. */
export function cardBrandName(brand: string): string | null {
  const key = brand.toLowerCase();
  return Object.hasOwn(CARD_BRAND_NAMES, key) ? CARD_BRAND_NAMES[key as keyof typeof CARD_BRAND_NAMES] : null;
}

/** Why a card was refused, with Stripe's codes; the message is what the guest reads. */
export const CARD_ERROR_MESSAGES = {
  card_declined: /*i18n*/ 'Your card was declined.',
  insufficient_funds: /*i18n*/ 'Your card has insufficient funds.',
  expired_card: /*i18n*/ 'Your card has expired.',
  incorrect_cvc: /*i18n*/ "Your card's security code is incorrect.",
  processing_error: /*i18n*/ 'An error occurred while processing your card. Try again in a little bit.',
  invalid_number: /*i18n*/ 'Your card number is invalid.',
  incomplete_number: /*i18n*/ 'Your card number is incomplete.',
  invalid_expiry: /*i18n*/ "Your card's expiration date is invalid.",
  expiry_in_past: /*i18n*/ "Your card's expiration date is in the past.",
  invalid_cvc: /*i18n*/ "Your card's security code is invalid.",
} as const;
export type CardErrorCode = keyof typeof CARD_ERROR_MESSAGES;

/** The success card the card form names in test mode. */
export const TEST_SUCCESS_CARD = '4242 4242 4242 4242';

/**
 * Stripe's documented test numbers that do not succeed, and what they answer. Any other number that
 * passes the checks below is authorized.
 */
export const TEST_CARD_OUTCOMES: Readonly<Record<string, CardErrorCode>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};

/** Digits only: people type spaces and dashes. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function cardBrand(number: string): CardBrand {
  const d = cardDigits(number);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(d)) return 'discover';
  return 'unknown';
}

export function cardNumberLength(brand: CardBrand): number {
  return brand === 'amex' ? 15 : 16;
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "4242 4242 4242 4242", "3782 822463 10005": how a number is shown while it is typed. */
export function formatCardNumber(number: string): string {
  const d = cardDigits(number).replace(/\D/g, '');
  if (cardBrand(d) === 'amex') {
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  }
  return d.slice(0, 16).replace(/(\d{4})(?=\d)/g, '$1 ');
}

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

/**
 * What the form refuses before anything is sent, in the order a guest fixes them. `today` decides
 * whether the expiry is in the past (a card is valid through the last day of its expiry month).
 */
export function checkCardInput(card: CardInput, today: Date = new Date()): CardErrorCode | null {
  const digits = cardDigits(card.number);
  const brand = cardBrand(digits);
  if (!/^\d*$/.test(digits)) return 'invalid_number';
  if (digits.length < cardNumberLength(brand)) return 'incomplete_number';
  if (digits.length > cardNumberLength(brand) || !passesLuhn(digits)) return 'invalid_number';
  const { expMonth, expYear } = card;
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear)) return 'invalid_expiry';
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const nowMonths = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const cardMonths = year * 12 + (expMonth - 1);
  if (cardMonths < nowMonths) return 'expiry_in_past';
  if (cardMonths > nowMonths + 12 * 50) return 'invalid_expiry';
  if (!new RegExp(`^\\d{${cvcLength(brand)}}$`).test(card.cvc)) return 'invalid_cvc';
  return null;
}
