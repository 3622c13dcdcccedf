import { useQuery } from '@tanstack/react-query';
import { fetchRoom } from './rooms-api';
import { roomKeys } from './room-keys';

export function useRoom(id: string) {
  return useQuery({
    queryKey: roomKeys.detail(id),
    queryFn: ({ signal }) => fetchRoom(id, signal),
  });
}
