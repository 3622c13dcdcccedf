import { queryOptions } from '@tanstack/react-query';
import { fetchServerInfo, fetchSession } from './auth-api';
import { authKeys } from './auth-keys';

export const sessionQuery = queryOptions({
  queryKey: authKeys.session(),
  queryFn: ({ signal }) => fetchSession(signal),
});

export const serverInfoQuery = queryOptions({
  queryKey: authKeys.serverInfo(),
  queryFn: ({ signal }) => fetchServerInfo(signal),
  // The server's configuration does not change while the app is open.
  staleTime: Infinity,
});
