import {
  markReadResultSchema,
  messageSchema,
  messagesPageSchema,
  threadsPageSchema,
  unreadCountSchema,
  type Message,
  type MessagesPage,
  type ThreadsPage,
  type UnreadCount,
} from '@staybook/domain/messages';
import { apiRequest } from '../../../lib/api-client';

function threadPath(bookingId: string): string {
  return `/api/booking/${encodeURIComponent(bookingId)}/messages`;
}

/** A page of a booking's thread: the newest messages, or those before `before` (oldest to newest either way). */
export function fetchThreadPage({ bookingId, before, signal }: { bookingId: string; before: string | null; signal?: AbortSignal }): Promise<MessagesPage> {
  const query = before ? `?${new URLSearchParams({ before }).toString()}` : '';
  return apiRequest(`${threadPath(bookingId)}${query}`, messagesPageSchema, { signal: signal ?? null });
}

export function sendMessage({ bookingId, body }: { bookingId: string; body: string }): Promise<Message> {
  return apiRequest(threadPath(bookingId), messageSchema, { method: 'POST', json: { body } });
}

/** The other party's messages in the thread are read now. */
export async function markThreadRead(bookingId: string): Promise<void> {
  await apiRequest(`${threadPath(bookingId)}/read`, markReadResultSchema, { method: 'POST' });
}

export function fetchThreads({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }): Promise<ThreadsPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiRequest(`/api/messages${query}`, threadsPageSchema, { signal: signal ?? null });
}

export function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return apiRequest('/api/messages/unread', unreadCountSchema, { signal: signal ?? null });
}
