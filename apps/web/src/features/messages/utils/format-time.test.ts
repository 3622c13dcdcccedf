import { describe, expect, it } from 'vitest';
import { formatSentAt } from './format-time';

describe('formatSentAt', () => {
  const now = new Date(2026, 10, 25, 18, 0);

  it('gives the time alone for today, the day and time this year, and the year before that', () => {
    expect(formatSentAt(new Date(2026, 10, 25, 15, 5).toISOString(), now)).toBe('3:05 PM');
    expect(formatSentAt(new Date(2026, 10, 24, 9, 30).toISOString(), now)).toBe('Nov 24, 9:30 AM');
    expect(formatSentAt(new Date(2025, 0, 2, 23, 59).toISOString(), now)).toBe('Jan 2, 2025, 11:59 PM');
  });
});
