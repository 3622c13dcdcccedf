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
import { stayApiPath } from '../../../lib/api-paths';
import { fetchPage, type PageRequest } from '../../../lib/paging';

/** A stay's thread: its messages, and where new ones are sent. */
function threadPath(bookingId: string): string {
  return stayApiPath(bookingId, 'messages');
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

export function fetchThreads(page: PageRequest): Promise<ThreadsPage> {
  return fetchPage('/api/messages', threadsPageSchema, page);
}

export function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return apiRequest('/api/messages/unread', unreadCountSchema, { signal: signal ?? null });
}
