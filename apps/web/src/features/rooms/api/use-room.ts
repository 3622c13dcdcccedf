import { useQuery } from '@tanstack/react-query';
import { fetchRoom } from './rooms-api';
import { roomKeys } from '../../../lib/room-keys';

/** One room; `enabled: false` asks nothing (an id that cannot name a room). */
export function useRoom(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: roomKeys.detail(id),
    queryFn: ({ signal }) => fetchRoom(id, signal),
    enabled,
  });
}
