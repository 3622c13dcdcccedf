import { ERROR_CODES } from '@staybook/domain/errors';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError, isClientError } from './api-client';

const MAX_RETRIES = 3;
const FIVE_MINUTES = 5 * 60_000;

let emailNotVerifiedHandler: (() => void) | null = null;

/**
 * Registers what happens when the server refuses an action until the e-mail is verified (the auth provider reads
 * the session again). Returns the function that unregisters it.
 */
export function onEmailNotVerified(handler: () => void): () => void {
  emailNotVerifiedHandler = handler;
  return () => {
    if (emailNotVerifiedHandler === handler) emailNotVerifiedHandler = null;
  };
}

export const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    // The server refused an action until the e-mail is verified while this tab thought it was (or did not know):
    // the session is read again (by the auth provider), so the page shows why and offers 'Resend the link'.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === ERROR_CODES.emailNotVerified) emailNotVerifiedHandler?.();
    },
  }),
  defaultOptions: {
    queries: {
      gcTime: FIVE_MINUTES,
      // Without this, returning to a long room grid would refetch every page already loaded.
      staleTime: 60_000,
      // A 4xx answer (unknown room, bad input) will not change on a retry; outages and 5xx might.
      retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
    },
  },
});
