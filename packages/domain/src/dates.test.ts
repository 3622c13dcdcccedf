import { describe, expect, it } from 'vitest';
import { addDays, addMonths, type IsoDate, localDayNames, formatLongDate, formatMonthDay, weekdayName, timeOfDayIn, timeOfDayOnClock, todayOnClock, zoneClockOf, formatIsoDate, formatMoment, formatMonthYear, isIsoDate, isoToLocalDate, isTimeZone, localDateToIso, nextDayStartIn, nightsBetween, tidyTimeZone, todayIn, todayIso } from './dates.js';
import { intlLocale, LOCALES, withLocale } from './locale.js';

describe('calendar dates', () => {
  it('reads a calendar widget\'s local day as a calendar date and back', () => {
    expect(localDateToIso(new Date(2027, 0, 5))).toBe('2027-01-05');
    expect(localDateToIso(isoToLocalDate('2028-02-29'))).toBe('2028-02-29');
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2027-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-2-1')).toBe(false);
    expect(isIsoDate('2027-13-01')).toBe(false);
    expect(isIsoDate(20270101)).toBe(false);
  });

  it('accepts the years 1 to 9999 as PostgreSQL does, the first century included', () => {
    expect(isIsoDate('0001-01-01')).toBe(true);
    expect(isIsoDate('0099-12-31')).toBe(true);
    expect(isIsoDate('0100-02-29')).toBe(false);
    expect(isIsoDate('9999-12-31')).toBe(true);
    expect(isIsoDate('0000-01-01')).toBe(false);
    expect(addDays('0001-01-01', 1)).toBe('0001-01-02');
    expect(nightsBetween('0001-01-01', '0002-01-01')).toBe(365);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
  });

  it('judges every day of every month as the calendar does, leap years of every rule included', () => {
    const byTheCalendar = (value: string) => {
      const d = new Date(0);
      d.setUTCFullYear(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)));
      return value.slice(0, 4) !== '0000' && d.toISOString().slice(0, 10) === value;
    };
    const two = (n: number) => String(n).padStart(2, '0');
    for (const year of ['0001', '0004', '0100', '0400', '1900', '2000', '2024', '2027', '2100', '9999']) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const value = `${year}-${two(month)}-${two(day)}`;
          expect(isIsoDate(value), value).toBe(byTheCalendar(value));
        }
      }
    }
    for (const value of ['2027-01-1', '2027-01-011', ' 2027-01-01', '2027/01/01', '２０２７-01-01', '2027-01-0a']) {
      expect(isIsoDate(value), value).toBe(false);
    }
  });

  it('counts nights with the check-out day excluded, across DST changes and leap days', () => {
    expect(nightsBetween('2027-03-27', '2027-03-29')).toBe(2);
    expect(nightsBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(nightsBetween('2027-01-01', '2027-01-01')).toBe(0);
    expect(nightsBetween('2027-01-05', '2027-01-01')).toBe(-4);
  });

  it('adds days and formats without shifting by time zone', () => {
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(formatIsoDate('2027-01-05')).toBe('Jan 5, 2027');
  });

  it("writes a calendar date as Intl's medium date style does, in every language, every day of 1899-2101", () => {
    for (const locale of LOCALES) {
      const intl = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' });
      withLocale(locale, () => {
        for (let day: IsoDate = '1899-12-25'; day <= '2101-01-05'; day = addDays(day, 1)) {
          if (formatIsoDate(day) !== intl.format(new Date(`${day}T00:00:00Z`))) expect(formatIsoDate(day), `${locale} ${day}`).toBe(intl.format(new Date(`${day}T00:00:00Z`)));
        }
      });
    }
    expect(withLocale('es', () => formatIsoDate('2027-09-05'))).toBe('5 sept 2027');
  });

  it("names a local day's weekday and month as Intl's long forms do, in every language", () => {
    for (const locale of LOCALES) {
      const intl = new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', month: 'long', year: 'numeric' });
      withLocale(locale, () => {
        for (let day = new Date(2026, 0, 1); day.getFullYear() < 2028; day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)) {
          const parts = Object.fromEntries(intl.formatToParts(day).map((part) => [part.type, part.value]));
          expect(localDayNames(day), `${locale} ${day.toDateString()}`).toEqual({ weekday: parts.weekday, month: parts.month });
        }
      });
    }
  });

  it("writes a calendar date in full, without its year, and its weekday as Intl does, in every language", () => {
    for (const locale of LOCALES) {
      const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' });
      const [full, monthDay, long, short] = [
        format({ dateStyle: 'full' }),
        format({ month: 'short', day: 'numeric' }),
        format({ weekday: 'long' }),
        format({ weekday: 'short' }),
      ];
      withLocale(locale, () => {
        for (let day: IsoDate = '2026-01-01'; day <= '2028-12-31'; day = addDays(day, 1)) {
          const moment = new Date(`${day}T00:00:00Z`);
          expect([formatLongDate(day), formatMonthDay(day), weekdayName(day), weekdayName(day, 'short')], `${locale} ${day}`).toEqual([
            full.format(moment),
            monthDay.format(moment),
            long.format(moment),
            short.format(moment),
          ]);
        }
      });
    }
    expect(formatLongDate('2027-03-05')).toBe('Friday, March 5, 2027');
    expect(withLocale('es', () => [formatLongDate('2027-03-05'), formatMonthDay('2027-09-05')])).toEqual(['viernes, 5 de marzo de 2027', '5 sept']);
  });

  it("writes a month as Intl's long month and year do, in every language", () => {
    for (const locale of LOCALES) {
      const intl = new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' });
      withLocale(locale, () => {
        for (let month = '1999-01'; month <= '2031-12'; month = addMonths(month, 1)) {
          expect(formatMonthYear(month), `${locale} ${month}`).toBe(intl.format(new Date(`${month}-01T00:00:00Z`)));
        }
        expect(formatMonthYear('2027-03-31T23:30:00-05:00')).toBe(intl.format(new Date('2027-03-15T00:00:00Z')));
      });
    }
  });

  it('refuses to compute with a malformed date', () => {
    expect(() => nightsBetween('2027-01-01', 'soon')).toThrow(RangeError);
  });
});

describe("a zone's clock, for reading its day and time without Intl", () => {
  const ZONES = ['Europe/Lisbon', 'America/New_York', 'America/St_Johns', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu', 'UTC'];
  // Around the 2027 clock changes of Europe (Mar 28, Oct 31), North America (Mar 14, Nov 7) and Lord Howe (Apr 4, Oct 3).
  const MOMENTS = ['2027-03-27T20:00:00Z', '2027-03-28T00:59:59.999Z', '2027-03-28T01:00:00Z', '2027-03-14T06:30:00Z', '2027-04-03T14:45:00Z',
    '2027-10-30T23:00:00Z', '2027-11-07T05:59:59.999Z', '2027-11-07T06:00:00.001Z', '2027-10-02T15:00:00Z', '2027-06-15T12:00:00Z', '2028-02-29T23:59:59Z'];

  it("agrees with Intl everywhere it holds, and holds from the zone's last clock change to its next, a week at most", () => {
    const DAY = 86_400_000;
    for (const timeZone of ZONES) {
      for (const moment of MOMENTS) {
        const now = new Date(moment);
        const clock = zoneClockOf(timeZone, now);
        const since = Date.parse(clock.since);
        const until = Date.parse(clock.until);
        const where = `${timeZone} at ${moment}`;
        expect(since, where).toBeLessThanOrEqual(now.getTime());
        expect(since, where).toBeGreaterThanOrEqual(now.getTime() - DAY);
        expect(until, where).toBeGreaterThan(now.getTime());
        expect(until, where).toBeLessThanOrEqual(now.getTime() + 7 * DAY);
        const step = Math.max(1, Math.floor((until - since) / 97));
        for (let at = since; at < until; at += step) {
          for (const instant of [at, until - 1]) {
            expect(todayOnClock(clock, new Date(instant)), `${where}: ${new Date(instant).toISOString()}`).toBe(todayIn(timeZone, new Date(instant)));
            expect(timeOfDayOnClock(clock, new Date(instant)), `${where}: ${new Date(instant).toISOString()}`).toBe(timeOfDayIn(timeZone, new Date(instant)));
          }
        }
        // Outside, it answers nothing: the zone's clock may have changed.
        expect(todayOnClock(clock, new Date(until))).toBeNull();
        expect(timeOfDayOnClock(clock, new Date(since - 1))).toBeNull();
        // Short of a week, it ends where the zone's offset does change.
        if (until < now.getTime() + 7 * DAY) expect(zoneClockOf(timeZone, new Date(until)).utcOffsetMinutes, where).not.toBe(clock.utcOffsetMinutes);
        if (since > now.getTime() - DAY) expect(zoneClockOf(timeZone, new Date(since - 1)).utcOffsetMinutes, where).not.toBe(clock.utcOffsetMinutes);
      }
    }
    expect(zoneClockOf('America/St_Johns', new Date('2027-06-15T12:00:00Z')).utcOffsetMinutes).toBe(-150);
    expect(zoneClockOf('Pacific/Chatham', new Date('2027-06-15T12:00:00Z')).utcOffsetMinutes).toBe(765);
  });
});

describe('days where a room is (docs/decisions/026-room-time-zone.md)', () => {
  // 23:30 in Lisbon on 14 January is already 15 January in Sydney and still 14 January in UTC.
  const lateInLisbon = new Date('2027-01-14T23:30:00Z');

  it("gives today's date in the zone, not in UTC", () => {
    expect(todayIn('Europe/Lisbon', lateInLisbon)).toBe('2027-01-14');
    expect(todayIn('Australia/Sydney', lateInLisbon)).toBe('2027-01-15');
    expect(todayIn('America/Los_Angeles', new Date('2027-01-15T03:00:00Z'))).toBe('2027-01-14');
    expect(todayIn('UTC', lateInLisbon)).toBe(todayIso(lateInLisbon));
  });

  it("finds the zone's next midnight, across clock changes too", () => {
    expect(nextDayStartIn('Europe/Lisbon', lateInLisbon).toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(nextDayStartIn('Australia/Sydney', lateInLisbon).toISOString()).toBe('2027-01-15T13:00:00.000Z');
    expect(nextDayStartIn('Asia/Kathmandu', lateInLisbon).toISOString()).toBe('2027-01-15T18:15:00.000Z');
    // Lisbon moves its clocks on 28 March 2027 at 01:00 UTC; the next midnight is then 23:00 UTC.
    expect(nextDayStartIn('Europe/Lisbon', new Date('2027-03-28T12:00:00Z')).toISOString()).toBe('2027-03-28T23:00:00.000Z');
  });

  it('accepts IANA names only, and writes them as the time zone database does', () => {
    for (const zone of ['UTC', 'Europe/Lisbon', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['', '+05:00', 'Mars/Olympus_Mons', 'Europe/Lisbon; drop table', 42, null]) expect(isTimeZone(zone), String(zone)).toBe(false);
    expect(tidyTimeZone('europe/lisbon')).toBe('Europe/Lisbon');
    expect(tidyTimeZone('utc')).toBe('UTC');
    expect(tidyTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });
});

describe('dates for people', () => {
  it('writes a month as the month its text begins with, wherever the reader is', () => {
    expect(formatMonthYear('2026-11')).toBe('November 2026');
    expect(formatMonthYear('2026-01-31')).toBe('January 2026');
    // A timestamp's month as written, not as UTC would read it.
    expect(formatMonthYear('2026-11-30T23:30:00-05:00')).toBe('November 2026');
  });

  it('writes a moment as its date in a zone, in US English', () => {
    expect(formatMoment('2027-01-05T23:30:00Z', 'UTC')).toBe('Jan 5, 2027');
    expect(formatMoment('2027-01-05T23:30:00Z', 'Asia/Tokyo')).toBe('Jan 6, 2027');
  });
});
