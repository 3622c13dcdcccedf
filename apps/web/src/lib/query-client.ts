import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-client';

const MAX_RETRIES = 3;
const FIVE_MINUTES = 5 * 60_000;

export const queryClient = new QueryClient({
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
