import { setTimeout as sleep } from 'node:timers/promises';
import type * as WorkerThreads from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '@staybook/domain';
import { MAX_STEPS, parseBlockedNights } from './parse.js';
import { createCalendarReader, DEFAULT_READER_LIMITS } from './read-calendar.js';
import { CalendarFetchError } from './safe-fetch.js';

/** Every reading thread started, and those gone: a thread left running would hold on to its calendar. */
const threads = vi.hoisted(() => ({ started: [] as WorkerThreads.Worker[], exited: new Set<WorkerThreads.Worker>() }));
vi.mock('node:worker_threads', async (importOriginal) => {
  const actual = await importOriginal<typeof WorkerThreads>();
  class TrackedWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      threads.started.push(this);
      this.once('exit', () => threads.exited.add(this));
    }
  }
  return { ...actual, Worker: TrackedWorker };
});

/** Calendars an attacker would serve (issue 35, items 14 to 16), and how each is read. */

// One today for the whole file: the parser is handed it, and every date below counts from it.
const today = todayIso();
const day = (n: number) => addDays(today, n);
const compact = (d: string) => d.replaceAll('-', '');
const ics = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Elsewhere//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
let uid = 0;
const event = (...lines: string[]) => ['BEGIN:VEVENT', `UID:${(uid += 1)}@elsewhere`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');

/** A New York that is twelve hours behind UTC all year, as a hostile calendar may define it. */
const FAKE_NEW_YORK = ['BEGIN:VTIMEZONE', 'TZID:America/New_York', 'BEGIN:STANDARD', 'DTSTART:19700101T000000', 'TZOFFSETFROM:-1200', 'TZOFFSETTO:-1200', 'END:STANDARD', 'END:VTIMEZONE'].join('\r\n');
const REAL_NEW_YORK = [
  'BEGIN:VTIMEZONE', 'TZID:America/New_York',
  'BEGIN:STANDARD', 'DTSTART:19701101T020000', 'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:19700308T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n');

const NEVER = ics(event('DTSTART;VALUE=DATE:20260101', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'));
const EVERY_MINUTE = (events: number) => ics(...Array.from({ length: events }, () => event('DTSTART:20000101T000000Z', 'DTEND:20000101T000100Z', 'RRULE:FREQ=MINUTELY')));

describe('reading a calendar', () => {
  it('refuses an event repeating every minute since 2000 after a bounded number of steps, for the whole calendar', () => {
    for (const events of [1, 50]) {
      expect(() => parseBlockedNights(EVERY_MINUTE(events), { timeZone: 'UTC', today })).toThrow(
        new CalendarFetchError({ code: 'repeatsTooOften' }),
      );
      expect(() => parseBlockedNights(EVERY_MINUTE(events), { timeZone: 'UTC', today })).toThrow(
        'The calendar has events that repeat too often to read, so it was not imported.',
      );
    }
  });

  it('still reads an event repeating daily since 1970, whose steps are within the bound', () => {
    const ranges = parseBlockedNights(ics(event('DTSTART;VALUE=DATE:19700101', 'RRULE:FREQ=DAILY')), { timeZone: 'UTC', today });
    expect(ranges[0]).toEqual({ from: today, to: day(1) });
    expect(ranges.length).toBeGreaterThan(3 * 365);
    expect(ranges.length * 10).toBeLessThan(MAX_STEPS);
  });

  it("keeps each calendar's time zones to itself", () => {
    // 23:00 on day 10 in New York is 04:00 or 03:00 UTC on day 11; twelve hours behind UTC it is 11:00 on day 11.
    const timed = event(`DTSTART;TZID=America/New_York:${compact(day(10))}T230000`, `DTEND;TZID=America/New_York:${compact(day(10))}T233000`);
    expect(parseBlockedNights(ics(REAL_NEW_YORK, timed), { timeZone: 'UTC', today })).toEqual([{ from: day(11), to: day(12) }]);
    expect(parseBlockedNights(ics(FAKE_NEW_YORK, timed), { timeZone: 'UTC', today })).toEqual([{ from: day(11), to: day(12) }]);
    // Another host's calendar naming the zone without defining it: its times are read as written, not in the
    // zone the calendar before defined.
    const early = event(`DTSTART;TZID=America/New_York:${compact(day(10))}T150000`, `DTEND;TZID=America/New_York:${compact(day(10))}T160000`);
    expect(parseBlockedNights(ics(FAKE_NEW_YORK, early), { timeZone: 'Asia/Tokyo', today })).toEqual([{ from: day(11), to: day(12) }]);
    expect(parseBlockedNights(ics(early), { timeZone: 'Asia/Tokyo', today })).toEqual([{ from: day(10), to: day(11) }]);
  });

  it('keeps only the nights from today to the horizon of events reaching the year 0, 1 or 9999 and beyond', () => {
    const read = (...lines: string[]) => parseBlockedNights(ics(event(...lines)), { timeZone: 'UTC', today });
    const horizon = day(3 * 366);
    expect(read('DTSTART;VALUE=DATE:00010101')).toEqual([]);
    expect(read('DTSTART;VALUE=DATE:00010101', `DTEND;VALUE=DATE:${compact(day(3))}`)).toEqual([{ from: today, to: day(3) }]);
    expect(read(`DTSTART;VALUE=DATE:${compact(day(2))}`, 'DTEND;VALUE=DATE:99991231')).toEqual([{ from: day(2), to: horizon }]);
    expect(read('DTSTART;VALUE=DATE:00010101', 'DTEND;VALUE=DATE:99991231')).toEqual([{ from: today, to: horizon }]);
    expect(read('DTSTART;VALUE=DATE:00000101', 'DTEND;VALUE=DATE:99991231')).toEqual([{ from: today, to: horizon }]);
    expect(read('DTSTART:00000101T000000Z', 'DTEND:99991231T235959Z')).toEqual([{ from: today, to: horizon }]);
    expect(read(`DTSTART;TZID=America/New_York:${compact(day(-1))}T150000`, 'DTEND;TZID=America/New_York:99991231T230000')).toEqual([{ from: today, to: horizon }]);
    // An end past the year 9999, by a duration of about 25,000 years.
    expect(read(`DTSTART;VALUE=DATE:${compact(day(1))}`, 'DURATION:P9000000D')).toEqual([{ from: day(1), to: horizon }]);
    // Events with no night between today and the horizon block nothing.
    expect(read('DTSTART;VALUE=DATE:99991231')).toEqual([]);
    expect(read(`DTSTART;VALUE=DATE:${compact(horizon)}`, 'DTEND;VALUE=DATE:99991231')).toEqual([]);
    expect(read('DTSTART;VALUE=DATE:00010101', `DTEND;VALUE=DATE:${compact(today)}`)).toEqual([]);
  });
});

describe('reading a calendar in a thread of its own', () => {
  const limits = { ...DEFAULT_READER_LIMITS, timeoutMs: 1_500, maxHeapMb: 128 };
  const reader = createCalendarReader(limits);
  afterAll(() => reader.close());
  const plain = ics(event(`DTSTART;VALUE=DATE:${compact(day(1))}`));

  it('reads the nights a calendar blocks', async () => {
    const text = ics(event(`DTSTART;VALUE=DATE:${compact(day(3))}`, `DTEND;VALUE=DATE:${compact(day(5))}`));
    await expect(reader.read(text, { timeZone: 'UTC', today })).resolves.toEqual([{ from: day(3), to: day(5) }]);
  });

  it('ends a rule the library would search forever at the time limit, while this thread goes on', async () => {
    let ended = false;
    const reading = reader.read(NEVER, { timeZone: 'UTC', today });
    const outcome = reading.then(
      () => 'read',
      (err: Error) => err.message,
    ).finally(() => (ended = true));
    // Timers of this thread still run while the calendar is being read.
    await sleep(50);
    expect(ended).toBe(false);
    expect(await outcome).toBe('The calendar took longer than 1.5 seconds to read, so it was not imported.');
  });

  it('reads the others while one is stuck, as many at once as allowed', async () => {
    const stuck = reader.read(NEVER, { timeZone: 'UTC', today }).catch((err: Error) => err.message);
    await expect(reader.read(plain, { timeZone: 'UTC', today })).resolves.toEqual([{ from: day(1), to: day(2) }]);
    await expect(stuck).resolves.toMatch(/took longer/);
  });

  it("keeps each calendar's time zones to itself when read one after the other", async () => {
    const early = event(`DTSTART;TZID=America/New_York:${compact(day(10))}T150000`, `DTEND;TZID=America/New_York:${compact(day(10))}T160000`);
    await reader.read(ics(FAKE_NEW_YORK, early), { timeZone: 'Asia/Tokyo', today });
    await expect(reader.read(ics(early), { timeZone: 'Asia/Tokyo', today })).resolves.toEqual([{ from: day(10), to: day(11) }]);
  });

  it('fails the reads still running or waiting when closed, and refuses new ones', async () => {
    const closing = createCalendarReader({ ...limits, timeoutMs: 60_000, concurrency: 1 });
    const running = closing.read(NEVER, { timeZone: 'UTC', today }).catch((err: Error) => err.message);
    const waiting = closing.read(NEVER, { timeZone: 'UTC', today }).catch((err: Error) => err.message);
    await sleep(50);
    await closing.close();
    const closed = 'The server is shutting down; the calendar will be read again later.';
    expect(await running).toBe(closed);
    expect(await waiting).toBe(closed);
    await expect(closing.read(NEVER, { timeZone: 'UTC', today })).rejects.toThrow(closed);
  });

  it('ends a thread that does not load the reader within the startup limit, and says so', async () => {
    const impatient = createCalendarReader({ ...limits, startupMs: 1 });
    const first = threads.started.length;
    await expect(impatient.read(plain, { timeZone: 'UTC', today })).rejects.toThrow(new Error('The calendar reader did not start within 1 ms.'));
    const started = threads.started.slice(first);
    expect(started).toHaveLength(1);
    expect(threads.exited.has(started[0]!)).toBe(true);
    await impatient.close();
  });

  it("counts the calendar's time limit from the reader's start, not the thread's", async () => {
    // Shorter than a thread takes to load the reader from source (tsx compiles it), longer than reading this takes.
    const quick = createCalendarReader({ ...limits, timeoutMs: 100 });
    await expect(quick.read(plain, { timeZone: 'UTC', today })).resolves.toEqual([{ from: day(1), to: day(2) }]);
    await quick.close();
  });
});
