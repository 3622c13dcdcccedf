import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * What a change on the server makes out of date: `refetch(...keys)` marks every query under those keys stale (those
 * on screen are fetched again) and resolves once they have been.
 */
export function useRefetch(): (...keys: QueryKey[]) => Promise<void> {
  const queryClient = useQueryClient();
  return async (...keys) => {
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}
