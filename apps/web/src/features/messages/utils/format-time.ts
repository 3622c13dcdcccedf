import { dateFormat } from '@staybook/domain/dates';

const TIME = { format: (date: Date) => dateFormat({ hour: 'numeric', minute: '2-digit' }).format(date) };
const DAY_AND_TIME = { format: (date: Date) => dateFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(date) };
const FULL = { format: (date: Date) => dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date) };

/**
 * When a message was sent, as short as is still clear, in the reader's own time zone: '3:05 PM' today,
 * 'Nov 24, 3:05 PM' this year, 'Nov 24, 2025, 3:05 PM' before.
 */
export function formatSentAt(iso: string, now: Date = new Date()): string {
  const sent = new Date(iso);
  if (sent.toDateString() === now.toDateString()) return TIME.format(sent);
  if (sent.getFullYear() === now.getFullYear()) return DAY_AND_TIME.format(sent);
  return FULL.format(sent);
}
