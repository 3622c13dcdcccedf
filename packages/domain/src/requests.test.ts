import { describe, expect, it } from 'vitest';
import { requestExpiresAt } from './requests.js';

describe('requestExpiresAt', () => {
  const made = new Date('2026-11-29T20:00:00Z');

  it('gives the host 24 hours when the stay begins later', () => {
    expect(requestExpiresAt(made, '2026-12-10', 'Asia/Tokyo').toISOString()).toBe('2026-11-30T20:00:00.000Z');
    expect(requestExpiresAt(made, '2026-11-30', 'Europe/Lisbon').toISOString()).toBe('2026-11-30T20:00:00.000Z');
  });

  it('ends with the check-in day where the room is when that comes first', () => {
    // Same-day: Lisbon's 29th ends at midnight UTC.
    expect(requestExpiresAt(made, '2026-11-29', 'Europe/Lisbon').toISOString()).toBe('2026-11-30T00:00:00.000Z');
    // Made early on the 30th in Lisbon for the 30th itself: the day ends 23 hours later.
    expect(requestExpiresAt(new Date('2026-11-30T01:00:00Z'), '2026-11-30', 'Europe/Lisbon').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    // In Tokyo (UTC+9) it is already the 30th at 20:00 UTC on the 29th: that day ends at 15:00 UTC on the 30th.
    expect(requestExpiresAt(made, '2026-11-30', 'Asia/Tokyo').toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });
});
