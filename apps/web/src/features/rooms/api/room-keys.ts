import type { CategoryLabel } from '@staybook/domain/categories';

/** Every query key for rooms comes from here, so invalidating `roomKeys.all` reaches them all. */
export const roomKeys = {
  all: ['rooms'] as const,
  lists: () => [...roomKeys.all, 'list'] as const,
  list: (filters: { category: CategoryLabel | null; limit: number }) =>
    [...roomKeys.lists(), filters] as const,
  details: () => [...roomKeys.all, 'detail'] as const,
  detail: (id: string) => [...roomKeys.details(), id] as const,
};
