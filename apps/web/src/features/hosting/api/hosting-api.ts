import { uploadedImageSchema } from '@staybook/domain/accounts';
import { centsToDollars } from '@staybook/domain/money';
import { ruleFieldsOf } from '@staybook/domain/listing-rules-input';
import { deletedCountSchema, type RoomInput } from '@staybook/domain/room-input';
import { hostRoomsPageSchema, roomSchema, type HostRoomsPage, type Room } from '@staybook/domain/rooms';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { fetchPage, type PageRequest } from '../../../lib/paging';

export function fetchMyListingsPage(page: PageRequest): Promise<HostRoomsPage> {
  return fetchPage('/api/my-listings', hostRoomsPageSchema, page);
}

/**
 * The body the API takes: the form's checked values, with the price in dollars as the spec sends it, the rules as
 * their fields and the pin as its latitude and longitude (left out when the form has none: the server keeps it).
 */
function toBody({ priceCents, rules, position, ...room }: RoomInput) {
  return { ...room, ...position, price: centsToDollars(priceCents), ...ruleFieldsOf(rules) };
}

export function createRoom(input: RoomInput): Promise<Room> {
  return apiRequest('/api/room', roomSchema, { method: 'POST', json: toBody(input) });
}

export function updateRoom({ id, input }: { id: string; input: RoomInput }): Promise<Room> {
  return apiRequest(`/api/room/update/${encodeURIComponent(id)}`, roomSchema, { method: 'PUT', json: toBody(input) });
}

export async function deleteRoom(id: string): Promise<void> {
  await apiRequest(`/api/room/${encodeURIComponent(id)}`, deletedCountSchema, { method: 'DELETE' });
}

/**
 * Uploads a room photo, telling how much is sent (`onProgress`, 0 to 1); answers the stored image's canonical URL
 * (`url`), the only kind a room may show (docs/decisions/012-room-limits.md). The server writes down the signed-in
 * host as its uploader: only they may put it on a room.
 */
export async function uploadRoomPhoto(file: File, { onProgress, signal }: { onProgress?: (sent: number) => void; signal?: AbortSignal } = {}): Promise<string> {
  const formData = new FormData();
  formData.append('image', file);
  const uploaded = await apiUpload('/api/uploads/image', uploadedImageSchema, { formData, signal: signal ?? null, ...(onProgress ? { onProgress } : {}) });
  return uploaded.url;
}
