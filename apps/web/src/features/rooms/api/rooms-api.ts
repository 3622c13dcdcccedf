import type { CategoryLabel } from '@staybook/domain/categories';
import { roomSchema, roomsPageSchema, type Room, type RoomsPage } from '@staybook/domain/rooms';
import { apiRequest } from '../../../lib/api-client';

interface RoomsPageParams {
  /** Null lists every category. */
  category: CategoryLabel | null;
  cursor: string | null;
  limit: number;
  signal?: AbortSignal;
}

export function fetchRoomsPage({ category, cursor, limit, signal }: RoomsPageParams): Promise<RoomsPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (category) params.set('category', category);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/rooms?${params.toString()}`, roomsPageSchema, { signal: signal ?? null });
}

export function fetchRoom(id: string, signal?: AbortSignal): Promise<Room> {
  return apiRequest(`/api/room/${encodeURIComponent(id)}`, roomSchema, { signal: signal ?? null });
}
