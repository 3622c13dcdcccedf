import { modifiedCountSchema, userSchema, usersPageSchema, type User, type UsersPage } from '@staybook/domain/accounts';
import type { Role } from '@staybook/domain/users';
import { apiRequest } from '../../../lib/api-client';

export function fetchUser(email: string, signal?: AbortSignal): Promise<User> {
  return apiRequest(`/api/user/${encodeURIComponent(email)}`, userSchema, { signal: signal ?? null });
}

/** Records the signed-in guest's request to host; 0 means it was already recorded. */
export async function requestHostRole(): Promise<number> {
  const { modifiedCount } = await apiRequest('/api/user', modifiedCountSchema, { method: 'PUT', json: {} });
  return modifiedCount;
}

export function fetchUsersPage(cursor: string | null, signal?: AbortSignal): Promise<UsersPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiRequest(`/api/users${query}`, usersPageSchema, { signal: signal ?? null });
}

export async function updateUserRole({ email, role }: { email: string; role: Role }): Promise<number> {
  const { modifiedCount } = await apiRequest(`/api/users/update/${encodeURIComponent(email)}`, modifiedCountSchema, {
    method: 'PATCH',
    json: { role },
  });
  return modifiedCount;
}
