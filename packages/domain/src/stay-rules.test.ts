import { describe, expect, it, vi } from 'vitest';
import { describeStayProblem, findStayProblem, isOwnRoom, type StayCheck, type StayRoom } from './stay-rules.js';
import { MAX_STAY_TOTAL_CENTS } from './stay-limits.js';
import { addDays, todayOnClock, zoneClockOf } from './dates.js';

/** Bookable from Jan 1 to Mar 31, 2030 at $100 a night for 4 guests; today is Jan 1 where it is. */
const ROOM: StayRoom = { from: '2030-01-01', to: '2030-03-31', priceCents: 10_000, guests: 4, hostId: 'host-1', today: '2030-01-01' };
const TAKEN = [{ from: '2030-01-10', to: '2030-01-12' }];

const problemOf = (from: string, to: string, more: Partial<StayCheck> = {}) =>
  findStayProblem({ stay: { from, to }, room: ROOM, taken: TAKEN, viewerId: 'guest-1', guests: 2, ...more });

describe('findStayProblem', () => {
  it('takes a stay inside the window, from today on, on free nights', () => {
    expect(problemOf('2030-01-01', '2030-01-03')).toBeNull();
  });

  it("fits a check-out on the window's last day, and not one day later", () => {
    expect(problemOf('2030-03-29', '2030-03-31')).toBeNull();
    expect(problemOf('2030-03-29', '2030-04-01')).toBe('outside-window');
    expect(problemOf('2029-12-31', '2030-01-02', { room: { ...ROOM, today: '2029-12-30' } })).toBe('outside-window');
  });

  it("fits a stay ending on a taken stay's check-in or starting on its check-out; one night's overlap is taken", () => {
    expect(problemOf('2030-01-08', '2030-01-10')).toBeNull();
    expect(problemOf('2030-01-12', '2030-01-14')).toBeNull();
    expect(problemOf('2030-01-09', '2030-01-11')).toBe('taken');
    expect(problemOf('2030-01-11', '2030-01-12')).toBe('taken');
    expect(problemOf('2030-01-05', '2030-01-20')).toBe('taken');
    expect(problemOf('2030-01-09', '2030-01-11', { taken: undefined })).toBeNull();
  });

  it('needs at least one night and at most 365', () => {
    expect(problemOf('2030-01-05', '2030-01-05')).toBe('no-nights');
    expect(problemOf('2030-01-06', '2030-01-05')).toBe('no-nights');
    const long: StayRoom = { ...ROOM, to: '2031-12-31', priceCents: 100 };
    expect(problemOf('2030-01-01', '2031-01-01', { room: long, taken: [] })).toBeNull();
    expect(problemOf('2030-01-01', '2031-01-02', { room: long, taken: [] })).toBe('too-long');
  });

  it('needs a total of at least $1.01 and at most the largest charge', () => {
    expect(problemOf('2030-01-01', '2030-01-02', { room: { ...ROOM, priceCents: 100 } })).toBe('below-minimum');
    expect(problemOf('2030-01-01', '2030-01-02', { room: { ...ROOM, priceCents: 101 } })).toBeNull();
    expect(problemOf('2030-01-01', '2030-01-02', { room: { ...ROOM, priceCents: 50 } })).toBe('below-minimum');
    expect(problemOf('2030-01-01', '2030-01-03', { room: { ...ROOM, priceCents: 51 } })).toBeNull();
    const costly: StayRoom = { ...ROOM, priceCents: MAX_STAY_TOTAL_CENTS / 9 };
    expect(problemOf('2030-01-01', '2030-01-10', { room: costly })).toBeNull();
    expect(problemOf('2030-01-13', '2030-01-23', { room: costly })).toBe('above-maximum');
    expect(problemOf('2030-01-01', '2030-01-02', { room: { ...ROOM, priceCents: undefined } })).toBeNull();
  });

  it("refuses the host's own room, by the host's id", () => {
    expect(problemOf('2030-01-01', '2030-01-03', { viewerId: 'host-1' })).toBe('own-room');
    expect(isOwnRoom(ROOM, 'host-1')).toBe(true);
    expect(isOwnRoom(ROOM, null)).toBe(false);
    expect(isOwnRoom({}, 'host-1')).toBe(false);
  });

  it('refuses more guests than the room takes', () => {
    expect(problemOf('2030-01-01', '2030-01-03', { guests: 4 })).toBeNull();
    expect(problemOf('2030-01-01', '2030-01-03', { guests: 5 })).toBe('too-many-guests');
  });

  it("refuses a check-in before today where the room is, in zones ahead of and behind UTC", () => {
    const zoned = (timeZone: string): StayRoom => ({ ...ROOM, today: undefined, timeZone });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 23:30 UTC on Jan 5 is already Jan 6 in Tokyo (UTC+9).
      vi.setSystemTime(new Date('2030-01-05T23:30:00Z'));
      expect(problemOf('2030-01-05', '2030-01-07', { room: zoned('Asia/Tokyo') })).toBe('in-the-past');
      expect(problemOf('2030-01-06', '2030-01-07', { room: zoned('Asia/Tokyo') })).toBeNull();
      // 05:00 UTC on Jan 5 is still Jan 4 in Honolulu (UTC-10), and Jan 5 in UTC.
      vi.setSystemTime(new Date('2030-01-05T05:00:00Z'));
      expect(problemOf('2030-01-04', '2030-01-06', { room: zoned('Pacific/Honolulu') })).toBeNull();
      expect(problemOf('2030-01-03', '2030-01-06', { room: zoned('Pacific/Honolulu') })).toBe('in-the-past');
      expect(problemOf('2030-01-04', '2030-01-06', { room: zoned('UTC') })).toBe('in-the-past');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the room's today, from its clock", () => {
  it("judges a stay by the day and time on the room's clock, without building an Intl formatter", () => {
    const now = new Date();
    const clock = zoneClockOf('Pacific/Chatham', now);
    // Read from the clock here too: `todayIn` would build the zone's formatter before the spy looks.
    const today = todayOnClock(clock, now)!;
    const room: StayRoom = { from: addDays(today, -10), to: addDays(today, 30), timeZone: 'Pacific/Chatham', clock };
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(findStayProblem({ stay: { from: addDays(today, -1), to: addDays(today, 2) }, room, taken: [] })).toBe('in-the-past');
      expect(findStayProblem({ stay: { from: addDays(today, 1), to: addDays(today, 3) }, room, taken: [] })).toBeNull();
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});

describe('describeStayProblem', () => {
  const facts = (from: string, to: string, room: StayRoom = ROOM) => ({ stay: { from, to }, room });

  it('words each problem once, with the figures of the stay', () => {
    expect(describeStayProblem('own-room', facts('2030-01-01', '2030-01-02'))).toBe('You cannot book your own room.');
    expect(describeStayProblem('too-many-guests', facts('2030-01-01', '2030-01-02'))).toBe('This room takes at most 4 guests.');
    expect(describeStayProblem('no-nights', facts('2030-01-02', '2030-01-02'))).toBe(
      'A stay is at least one night: choose a check-out day after the check-in day.',
    );
    expect(describeStayProblem('in-the-past', facts('2029-12-01', '2029-12-02'))).toBe('A stay cannot start in the past. Please choose dates from today on.');
    expect(describeStayProblem('outside-window', facts('2030-03-30', '2030-04-02'))).toBe(
      'This room can be booked from Jan 1, 2030 to Mar 31, 2030. Please choose dates in that range.',
    );
    expect(describeStayProblem('too-long', facts('2030-01-01', '2031-01-02'))).toBe('A stay can be at most 365 nights.');
    expect(describeStayProblem('below-minimum', facts('2030-01-01', '2030-01-02', { ...ROOM, priceCents: 100 }))).toBe(
      'Card payments start above $1; this stay costs $1.',
    );
    expect(describeStayProblem('above-maximum', facts('2030-01-01', '2030-01-11', { ...ROOM, priceCents: 10_000_000 }))).toBe(
      'One booking can cost at most $999,999.99; this stay costs $1,000,000. Please choose fewer nights.',
    );
    expect(describeStayProblem('taken', facts('2030-01-10', '2030-01-11'))).toBe(
      'These dates were just booked by someone else. Please choose other dates.',
    );
  });
});
