import { useMutation } from '@tanstack/react-query';
import { startStripeOnboarding } from './payouts-api';

/**
 * 'Set up payouts with Stripe': asks the API for Stripe's onboarding and leaves for it (a whole page, not the app's
 * router: Stripe's pages are Stripe's). Stripe sends the host back to the API, which opens the Payouts page again.
 */
export function useStripeOnboarding() {
  return useMutation({
    mutationFn: startStripeOnboarding,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
