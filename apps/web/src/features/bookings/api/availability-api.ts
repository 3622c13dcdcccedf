import { roomAvailabilityShape } from '@staybook/domain/first-paint-answers';
import type { RoomAvailability } from '@staybook/domain/bookings';
import { apiRequest } from '../../../lib/api-client';

/**
 * The room page's reservation card asks for it as the page opens: checked by hand, without the bookings' zod
 * schemas, so the room page runs no zod before it can be touched (docs/decisions/066-first-touch.md).
 */
export function fetchAvailability(roomId: string, signal?: AbortSignal): Promise<RoomAvailability> {
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}/availability`, roomAvailabilityShape, {
    signal: signal ?? null,
  });
}
