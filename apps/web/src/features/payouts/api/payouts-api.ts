import { payoutOnboardingLinkSchema, payoutsPageSchema, type BankAccountInput, type PayoutOnboardingLink, type PayoutsPage } from '@staybook/domain/payouts';
import { apiRequest } from '../../../lib/api-client';
import { fetchPage, type PageRequest } from '../../../lib/paging';

const PAYOUTS_PATH = '/api/payouts';

/** One page of the host's payouts, newest first, with their bank account and balances as they are now. */
export function fetchPayoutsPage(page: PageRequest): Promise<PayoutsPage> {
  return fetchPage(PAYOUTS_PATH, payoutsPageSchema, page);
}

/** Sets the bank account the host is paid to; answers the first page of the Payouts page as it is after the change. */
export function saveBankAccount(input: BankAccountInput): Promise<PayoutsPage> {
  return apiRequest(`${PAYOUTS_PATH}/bank-account`, payoutsPageSchema, { method: 'PUT', json: input });
}

/**
 * Sets up the host's payouts with Stripe (their Stripe account is made the first time) and answers the address of
 * Stripe's onboarding, where the page sends them.
 */
export function startStripeOnboarding(): Promise<PayoutOnboardingLink> {
  return apiRequest(`${PAYOUTS_PATH}/stripe-account`, payoutOnboardingLinkSchema, { method: 'POST', json: {} });
}
