import { searchToQuery, type RoomSearch } from '@staybook/domain/search';

/** Every query key for rooms comes from here, so invalidating `roomKeys.all` reaches them all. */
export const roomKeys = {
  all: ['rooms'] as const,
  lists: () => [...roomKeys.all, 'list'] as const,
  /** A search has one canonical query string (`searchToQuery`), so one search has one key. */
  list: (search: RoomSearch, limit: number) => [...roomKeys.lists(), { search: searchToQuery(search), limit }] as const,
  details: () => [...roomKeys.all, 'detail'] as const,
  detail: (id: string) => [...roomKeys.details(), id] as const,
};
