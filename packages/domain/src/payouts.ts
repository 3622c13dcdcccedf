import { z } from 'zod';
import { i18n } from './locale.js';
import { pageQuerySchema } from './pages.js';

/*
 * Payouts to hosts (docs/decisions/049-marketplace-money.md): where a host is paid, their balances and their payouts.
 * With the built-in processor a host enters a bank account, checked as Stripe's test mode checks one: the test routing
 * number and Stripe's test account numbers, each of which makes a payout succeed or fail in its own way.
 */

/** Stripe's test routing number: the only one its test mode (and the built-in processor) takes. */
export const TEST_ROUTING_NUMBER = '110000000';

/**
 * Why a payout failed, as Stripe names it: a bank's refusal, or Stripe's refusal of the transfer (the marketplace's
 * balance cannot cover it; the host's Stripe account cannot take transfers).
 */
export const PAYOUT_FAILURE_CODES = [
  'no_account',
  'account_closed',
  'insufficient_funds',
  'debit_not_authorized',
  'invalid_currency',
  'balance_insufficient',
  'insufficient_capabilities_for_transfer',
] as const;
export type PayoutFailureCode = (typeof PAYOUT_FAILURE_CODES)[number];

/** Stripe's test account numbers and what a payout to each does. */
export const TEST_BANK_ACCOUNT_OUTCOMES: Readonly<Record<string, 'paid' | PayoutFailureCode>> = {
  '000123456789': 'paid',
  '000111111116': 'no_account',
  '000111111113': 'account_closed',
  '000222222227': 'insufficient_funds',
  '000333333335': 'debit_not_authorized',
  '000444444440': 'invalid_currency',
};

/** What a host reads when the money fell short just then (the bank's, or the marketplace's balance): the next payout tries again. */
const TRIED_AGAIN = /*i18n*/ 'The payout could not be sent just now. We will try again with the next payout.';

/**
 * What a host reads about a failed payout (and what to do). The API answers it in English; Payouts, the payout's
 * statement and the payout mail show it in their language (`i18n.known`).
 */
export const PAYOUT_FAILURE_MESSAGES: Record<PayoutFailureCode, string> = {
  no_account: /*i18n*/ 'The bank could not find an account with these details. Please check the account and routing numbers.',
  account_closed: /*i18n*/ 'The bank account has been closed. Please add another account.',
  insufficient_funds: TRIED_AGAIN,
  debit_not_authorized: /*i18n*/ 'The bank refused this payout. Please ask your bank, or add another account.',
  invalid_currency: /*i18n*/ 'The bank cannot take payouts in this currency. Please add another account.',
  balance_insufficient: TRIED_AGAIN,
  insufficient_capabilities_for_transfer: /*i18n*/ 'Stripe cannot pay your account yet. Please finish setting up payouts on your Payouts page.',
};

/** A failure code as a host reads it; a code the product does not know reads as a general failure. */
export function payoutFailureMessage(code: string | null): string {
  return code !== null && Object.hasOwn(PAYOUT_FAILURE_MESSAGES, code)
    ? PAYOUT_FAILURE_MESSAGES[code as PayoutFailureCode]
    : /*i18n*/ 'The payout could not be sent. Please check your bank account.';
}

/** What the Payouts page sends to set the host's bank account (built-in processor). */
export const bankAccountInputSchema = z.object({
  holderName: z.string().trim().min(1, /*i18n*/ 'Please enter the account holder’s name').max(100, /*i18n*/ 'The name can be at most 100 characters'),
  routingNumber: z
    .string()
    .trim()
    .regex(/^[0-9]{9}$/, /*i18n*/ 'A routing number has 9 digits')
    .refine((value) => value === TEST_ROUTING_NUMBER, {
      error: () => i18n.t('In test mode, use the test routing number {number}', { number: TEST_ROUTING_NUMBER }),
    }),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9]{4,17}$/, /*i18n*/ 'An account number has 4 to 17 digits')
    .refine((value) => Object.hasOwn(TEST_BANK_ACCOUNT_OUTCOMES, value), /*i18n*/ 'In test mode, use one of Stripe’s test account numbers, such as 000123456789'),
});
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

export const PAYOUT_STATUSES = ['sending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** In English; the web app shows them through `i18n.known`. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = { sending: /*i18n*/ 'On its way', paid: /*i18n*/ 'Paid', failed: /*i18n*/ 'Failed' };

export const payoutSchema = z.object({
  id: z.string(),
  /** The day the payout was made for. */
  asOf: z.iso.date(),
  createdAt: z.iso.datetime({ offset: true }),
  amountCents: z.int(),
  status: z.enum(PAYOUT_STATUSES),
  /** For a failed payout, what the host reads. */
  failureMessage: z.string().nullable(),
  /** The bank account's last four digits it was sent to, when known. */
  last4: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const PAYOUTS_PAGE_SIZE = 20;

export const listPayoutsQuerySchema = pageQuerySchema(PAYOUTS_PAGE_SIZE, 200);

/** `POST /api/payouts/stripe-account`: the address of Stripe's onboarding for the host, where the page sends them. */
export const payoutOnboardingLinkSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });
export type PayoutOnboardingLink = z.infer<typeof payoutOnboardingLinkSchema>;

/** `GET /api/payouts`: where the host is paid, what they hold, and their payouts, newest first. */
export const payoutsPageSchema = z.object({
  account: z
    .object({
      holderName: z.string(),
      last4: z.string().nullable(),
      ready: z.boolean(),
    })
    .nullable(),
  /**
   * How a host sets up payouts here: a bank account (built-in processor) or Stripe's onboarding (Stripe Connect: an
   * Express account, `ready` once Stripe can pay it).
   */
  setup: z.enum(['bank-account', 'stripe-onboarding']),
  balances: z.object({
    /** Shares of stays not yet 24 hours past check-in, with their tax. */
    pendingCents: z.int(),
    /** Ready for the next payout; below zero when a refund came after a payout, taken from the next one. */
    availableCents: z.int(),
    /** Payouts sent and not yet confirmed. */
    inTransitCents: z.int(),
    paidCents: z.int(),
  }),
  payouts: z.array(payoutSchema),
  nextCursor: z.string().nullable(),
});
export type PayoutsPage = z.infer<typeof payoutsPageSchema>;
