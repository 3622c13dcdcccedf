import {
  hostRequestCountSchema,
  modifiedCountSchema,
  userSchema,
  usersPageSchema,
  type User,
  type UsersPage,
} from '@staybook/domain/accounts';
import type { Role } from '@staybook/domain/users';
import { apiRequest } from '../../../lib/api-client';
import { usersSearchQuery, type UsersSearch } from './users-search';

export function fetchUser(email: string, signal?: AbortSignal): Promise<User> {
  return apiRequest(`/api/user/${encodeURIComponent(email)}`, userSchema, { signal: signal ?? null });
}

/** Records the signed-in guest's request to host; 0 means it was already recorded. */
export async function requestHostRole(): Promise<number> {
  const { modifiedCount } = await apiRequest('/api/user', modifiedCountSchema, { method: 'PUT', json: {} });
  return modifiedCount;
}

export function fetchUsersPage(search: UsersSearch, signal?: AbortSignal): Promise<UsersPage> {
  const query = usersSearchQuery(search).toString();
  return apiRequest(`/api/users${query ? `?${query}` : ''}`, usersPageSchema, { signal: signal ?? null });
}

export async function updateUserRole({ email, role }: { email: string; role: Role }): Promise<number> {
  const { modifiedCount } = await apiRequest(`/api/users/update/${encodeURIComponent(email)}`, modifiedCountSchema, {
    method: 'PATCH',
    json: { role },
  });
  return modifiedCount;
}

export async function fetchHostRequestCount(signal?: AbortSignal): Promise<number> {
  const { requested } = await apiRequest('/api/users/requests/count', hostRequestCountSchema, { signal: signal ?? null });
  return requested;
}

export function approveHostRequest(userId: string): Promise<User> {
  return apiRequest(`/api/users/${encodeURIComponent(userId)}/approve-host`, userSchema, { method: 'POST', json: {} });
}

export function declineHostRequest({ userId, reason }: { userId: string; reason: string }): Promise<User> {
  return apiRequest(`/api/users/${encodeURIComponent(userId)}/decline-host`, userSchema, { method: 'POST', json: { reason } });
}
