import { calendarImportSchema, roomCalendarSchema, type CalendarImport, type RoomCalendar } from '@staybook/domain/calendar';
import { apiRequest, ignoredResponse } from '../../../lib/api-client';

/** A room's calendar sync, for its host (docs/decisions/030-calendar-sync.md). */
const base = (roomId: string) => `/api/room/${encodeURIComponent(roomId)}/calendar`;

export function fetchRoomCalendar(roomId: string, signal?: AbortSignal): Promise<RoomCalendar> {
  return apiRequest(base(roomId), roomCalendarSchema, { signal: signal ?? null });
}

export function regenerateExportLink(roomId: string): Promise<RoomCalendar> {
  return apiRequest(`${base(roomId)}/regenerate`, roomCalendarSchema, { method: 'POST' });
}

export function addCalendarImport({ roomId, url }: { roomId: string; url: string }): Promise<CalendarImport> {
  return apiRequest(`${base(roomId)}/imports`, calendarImportSchema, { method: 'POST', json: { url } });
}

export async function removeCalendarImport({ roomId, importId }: { roomId: string; importId: string }): Promise<void> {
  await apiRequest(`${base(roomId)}/imports/${encodeURIComponent(importId)}`, ignoredResponse, { method: 'DELETE' });
}

export function syncCalendarsNow(roomId: string): Promise<RoomCalendar> {
  return apiRequest(`${base(roomId)}/sync`, roomCalendarSchema, { method: 'POST' });
}
