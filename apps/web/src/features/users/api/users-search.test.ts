import { describe, expect, it } from 'vitest';
import { NO_USERS_SEARCH, readUsersSearch, usersSearchQuery } from './users-search';

describe("Manage Users' search in the address", () => {
  it('reads what it can use and drops the rest', () => {
    expect(readUsersSearch(new URLSearchParams('q=%20ada%20&role=host&status=Requested&cursor=abc'))).toEqual({
      q: 'ada',
      role: 'host',
      status: 'Requested',
      cursor: 'abc',
    });
    expect(readUsersSearch(new URLSearchParams('role=owner&status=requested&cursor='))).toEqual(NO_USERS_SEARCH);
    expect(readUsersSearch(new URLSearchParams(''))).toEqual(NO_USERS_SEARCH);
  });

  it('writes only the parts that are set, and reads back what it wrote', () => {
    expect(usersSearchQuery(NO_USERS_SEARCH).toString()).toBe('');
    const search = { q: '50% off_', role: 'guest', status: null, cursor: null } as const;
    const query = usersSearchQuery(search);
    expect(query.toString()).toBe('q=50%25+off_&role=guest');
    expect(readUsersSearch(query)).toEqual(search);
  });
});
