import type { Role, UserStatus } from '@staybook/domain/users';
import { isRole, USER_STATUSES } from '@staybook/domain/users';

/** What Manage Users shows: a search, its filters and the page, as the address holds them (`?q=&role=&status=&cursor=`). */
export interface UsersSearch {
  q: string;
  role: Role | null;
  status: UserStatus | null;
  /** A page's `nextCursor` or `prevCursor`; null for the first page. */
  cursor: string | null;
}

export const NO_USERS_SEARCH: UsersSearch = { q: '', role: null, status: null, cursor: null };

/** Whether a value (from the address or the Status filter) is a status Manage Users filters by. */
export function isStatus(value: string | null): value is UserStatus {
  return (USER_STATUSES as readonly (string | null)[]).includes(value);
}

/** Reads the address forgivingly: a value the server would refuse is dropped rather than shown as an error. */
export function readUsersSearch(params: URLSearchParams): UsersSearch {
  const role = params.get('role');
  const status = params.get('status');
  return {
    q: (params.get('q') ?? '').trim(),
    role: isRole(role) ? role : null,
    status: isStatus(status) ? status : null,
    cursor: params.get('cursor') || null,
  };
}

/** The query string of a search, for the address and for `GET /api/users` alike (empty parts left out). */
export function usersSearchQuery(search: UsersSearch): URLSearchParams {
  const query = new URLSearchParams();
  if (search.q) query.set('q', search.q);
  if (search.role) query.set('role', search.role);
  if (search.status) query.set('status', search.status);
  if (search.cursor) query.set('cursor', search.cursor);
  return query;
}
