import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchRoom } from './rooms-api';
import { roomKeys } from '../../../lib/room-keys';

/** One room, as the room page reads it (and as the app asks for it ahead of the page, app/room-head-start.ts). */
export function roomQuery(id: string) {
  return queryOptions({
    queryKey: roomKeys.detail(id),
    queryFn: ({ signal }) => fetchRoom(id, signal),
  });
}

/** One room; `enabled: false` asks nothing (an id that cannot name a room). */
export function useRoom(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...roomQuery(id), enabled });
}
