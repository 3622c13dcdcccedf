import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessTokensSchema, createdAccessTokenSchema, type AccessTokens, type CreateAccessTokenBody, type CreatedAccessToken } from '@staybook/domain/access-tokens';
import { apiRequest, ignoredResponse } from '../../../lib/api-client';

const TOKENS_PATH = '/api/access-tokens';

export const accessTokenKeys = { all: ['access-tokens'] as const };

function fetchAccessTokens(signal: AbortSignal): Promise<AccessTokens> {
  return apiRequest(TOKENS_PATH, accessTokensSchema, { signal });
}

function createAccessToken(body: CreateAccessTokenBody): Promise<CreatedAccessToken> {
  return apiRequest(TOKENS_PATH, createdAccessTokenSchema, { method: 'POST', json: body });
}

function revokeAccessToken(id: string): Promise<void> {
  return apiRequest(`${TOKENS_PATH}/${encodeURIComponent(id)}`, ignoredResponse, { method: 'DELETE' });
}

export function useAccessTokens() {
  return useQuery({ queryKey: accessTokenKeys.all, queryFn: ({ signal }) => fetchAccessTokens(signal), staleTime: 0 });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAccessToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }) });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeAccessToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }) });
}
