import { describe, expect, it } from 'vitest';
import type { IsoDate } from '@staybook/domain';
import { bookingCalendar } from './ics.js';

const STAY = { bookingId: 'b0000000-0000-4000-8000-000000000001', reference: 'SB-TEST', title: 'Lake cabin', location: 'Lakeside', from: '2027-03-01' as IsoDate, to: '2027-03-04' as IsoDate };

/** The lines of a calendar file, its folded lines unfolded. */
const linesOf = (file: string) => file.replace(/\r\n[ \t]/g, '').split('\r\n');

describe("a booking's calendar file", () => {
  it('says a confirmed stay is confirmed, a request the host has not answered tentative, and a cancellation cancelled', () => {
    const confirmed = linesOf(bookingCalendar(STAY, 'http://localhost:3000'));
    expect(confirmed).toEqual(expect.arrayContaining(['METHOD:PUBLISH', 'STATUS:CONFIRMED', 'SEQUENCE:0', `UID:${STAY.bookingId}@staybook`]));

    const requested = linesOf(bookingCalendar(STAY, 'http://localhost:3000', 'requested'));
    expect(requested).toEqual(expect.arrayContaining(['METHOD:PUBLISH', 'STATUS:TENTATIVE', 'SEQUENCE:0']));
    expect(requested).not.toContain('STATUS:CONFIRMED');

    const cancelled = linesOf(bookingCalendar(STAY, 'http://localhost:3000', 'cancelled'));
    expect(cancelled).toEqual(expect.arrayContaining(['METHOD:CANCEL', 'STATUS:CANCELLED', 'SEQUENCE:1']));
  });
});
