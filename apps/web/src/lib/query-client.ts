import { ERROR_CODES } from '@staybook/domain/errors';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { authKeys } from '../features/auth/api/auth-keys';
import { ApiRequestError, isClientError } from './api-client';

const MAX_RETRIES = 3;
const FIVE_MINUTES = 5 * 60_000;

export const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    // The server refused an action until the e-mail is verified while this tab thought it was (or did not know):
    // the session is read again, so the page shows why and offers 'Resend the link'.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === ERROR_CODES.emailNotVerified) {
        void queryClient.invalidateQueries({ queryKey: authKeys.session() });
      }
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
