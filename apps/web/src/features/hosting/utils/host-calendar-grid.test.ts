import type { HostCalendarNight } from '@staybook/domain/host-calendar';
import { setActiveLocale } from '@staybook/domain/locale';
import { describe, expect, it } from 'vitest';
import '../../../locales/es/catalog';
import { sampleHostCalendar } from '../../../testing/samples';
import { changeMessage, summarizeRange } from './host-calendar-changes';
import {
  clampDate,
  inRange,
  longDate,
  monthsOf,
  movedDate,
  nightMarker,
  nightName,
  rangeInMonth,
  rangeOf,
  rangeTitle,
  shortDate,
  weekdayHeaders,
} from './host-calendar-grid';

/** One night of a calendar whose today is March 1, 2027, free at $120 but for `overrides`. */
/** Why no stay can start on a night, as the API answers it: the listing's minimum stay of 3 nights. */
const MIN_3: NonNullable<HostCalendarNight['startProblemFacts']> = { problem: 'min-nights', count: 3, from: null, to: null, weekdays: null, time: null, totalCents: null };

const night = (date: string, overrides: Partial<HostCalendarNight> = {}) =>
  sampleHostCalendar({ from: '2027-03-01', today: '2027-03-01', nights: { [date]: overrides } }).nights.find((n) => n.date === date)!;

describe('monthsOf', () => {
  it('lays each month out in weeks starting on Sunday, padded at both ends', () => {
    const { nights } = sampleHostCalendar({ from: '2027-02-01', months: 2 });
    const [february, march] = monthsOf(nights);
    expect(february!.label).toBe('February 2027');
    // 1 February 2027 is a Monday: one empty Sunday first; 28 days fill the rest of four weeks and a day.
    expect(february!.weeks[0]!.map((n) => n?.date ?? null)).toEqual([null, '2027-02-01', '2027-02-02', '2027-02-03', '2027-02-04', '2027-02-05', '2027-02-06']);
    expect(february!.weeks).toHaveLength(5);
    expect(february!.weeks[4]!.map((n) => n?.date ?? null)).toEqual(['2027-02-28', null, null, null, null, null, null]);
    expect(march!.key).toBe('2027-03');
    expect(march!.weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(march!.weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('lays three years out quickly enough to redraw on every change', () => {
    const { nights } = sampleHostCalendar({ from: '2027-01-01', months: 36 });
    const started = performance.now();
    const months = monthsOf(nights);
    expect(months).toHaveLength(36);
    expect(months.at(-1)!.label).toBe('December 2029');
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('the selection', () => {
  it('is the nights between its two ends, whichever comes first, as a range ending the day after the last', () => {
    expect(rangeOf({ anchor: '2027-03-05', focus: '2027-03-07' })).toEqual({ from: '2027-03-05', to: '2027-03-08' });
    expect(rangeOf({ anchor: '2027-03-07', focus: '2027-03-05' })).toEqual({ from: '2027-03-05', to: '2027-03-08' });
    expect(rangeOf({ anchor: '2027-03-05', focus: '2027-03-05' })).toEqual({ from: '2027-03-05', to: '2027-03-06' });
    expect(inRange({ from: '2027-03-05', to: '2027-03-08' }, '2027-03-08')).toBe(false);
  });

  it("is cut to one month's part for that month's grid", () => {
    const range = { from: '2027-02-26', to: '2027-03-03' };
    expect(rangeInMonth(range, '2027-02')).toEqual({ from: '2027-02-26', to: '2027-03-01' });
    expect(rangeInMonth(range, '2027-03')).toEqual({ from: '2027-03-01', to: '2027-03-03' });
    expect(rangeInMonth(range, '2027-04')).toBeNull();
  });

  it('is titled by its first night and the day after its last, with the count of nights', () => {
    expect(rangeTitle({ from: '2027-03-05', to: '2027-03-08' })).toBe('Mar 5 – Mar 8, 2027 (3 nights)');
    expect(rangeTitle({ from: '2027-03-05', to: '2027-03-06' })).toBe('Mar 5 – Mar 6, 2027 (1 night)');
    expect(rangeTitle({ from: '2027-12-30', to: '2028-01-02' })).toBe('Dec 30, 2027 – Jan 2, 2028 (3 nights)');
  });
});

describe('the keyboard', () => {
  it.each([
    ['ArrowLeft', '2027-03-04'],
    ['ArrowRight', '2027-03-06'],
    ['ArrowUp', '2027-02-26'],
    ['ArrowDown', '2027-03-12'],
    ['Home', '2027-02-28'],
    ['End', '2027-03-06'],
    ['PageUp', '2027-02-05'],
    ['PageDown', '2027-04-05'],
  ])('%s from Friday, March 5 goes to %s', (key, date) => {
    expect(movedDate('2027-03-05', key)).toBe(date);
  });

  it('ignores other keys, and stays within the nights on screen', () => {
    expect(movedDate('2027-03-05', 'a')).toBeNull();
    expect(clampDate('2027-02-26', '2027-03-01', '2028-03-01')).toBe('2027-03-01');
    expect(clampDate('2028-03-03', '2027-03-01', '2028-03-01')).toBe('2028-02-29');
    expect(clampDate('2027-06-01', '2027-03-01', '2028-03-01')).toBe('2027-06-01');
  });
});

describe("a night's name", () => {
  it('begins with what its cell shows, in its order, then says the rest of its date and its state', () => {
    expect(longDate('2027-03-05')).toBe('Friday, March 5, 2027');
    expect(nightName(night('2027-03-05', { priceCents: 15_000 }), '2027-03-01')).toBe('5, $150, Friday, March 2027, free');
    const booked = night('2027-03-05', { state: 'booked', bookingId: '5f0c9d3e-0000-4000-8000-0000000000aa', guestName: 'Ana Lima' });
    expect(nightMarker(booked)).toBe('Ana Lima');
    expect(nightName(booked, '2027-03-01')).toBe('5, $120, Ana Lima, Friday, March 2027, booked by Ana Lima');
    expect(nightName(night('2027-03-05', { state: 'blocked' }), '2027-03-01')).toBe('5, $120, Blocked, Friday, March 2027, blocked');
    const imported = night('2027-03-05', { state: 'imported', importedFrom: 'airbnb.com' });
    expect(nightMarker(imported)).toBe('airbnb.com');
    expect(nightName(imported, '2027-03-01')).toBe('5, $120, airbnb.com, Friday, March 2027, blocked by airbnb.com');
    expect(nightName(night('2027-03-05', { state: 'preparation' }), '2027-03-01')).toBe('5, $120, Preparation, Friday, March 2027, held for preparation time');
    expect(nightName(night('2027-03-05', { state: 'outside' }), '2027-03-01')).toBe('5, $120, Outside, Friday, March 2027, outside the availability window');
  });

  it('says why no stay can start on a free night, today, a price set on it, its minimum stay and its note', () => {
    const noStart = night('2027-03-05', { startProblem: 'This home takes stays of at least 3 nights.', startProblemFacts: MIN_3 });
    expect(nightMarker(noStart)).toBe('No check-in');
    expect(nightName(noStart, '2027-03-01')).toBe(
      '5, $120, No check-in, Friday, March 2027, free, no check-in, no stay can start: This home takes stays of at least 3 nights.',
    );
    const set = night('2027-03-01', { priceCents: 19_950, customPrice: true, minNights: 3, note: 'Festival' });
    expect(nightName(set, '2027-03-01')).toBe('1, $199.50, Monday, March 2027, today, price set for this night, free, minimum stay 3 nights, note: Festival');
  });
});

describe('the names in Spanish', () => {
  it("says a range, a night and its date in the page's language, asking the catalog for nothing it lacks", () => {
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      expect(rangeTitle({ from: '2027-03-05', to: '2027-03-06' })).toBe('5 mar – 6 mar 2027 (1 noche)');
      expect(rangeTitle({ from: '2027-12-30', to: '2028-01-02' })).toBe('30 dic 2027 – 2 ene 2028 (3 noches)');
      expect(longDate('2027-03-05')).toBe('viernes, 5 de marzo de 2027');
      expect(shortDate('2027-03-05')).toBe('vie, 5 mar');
      expect(weekdayHeaders()[3]).toEqual({ short: 'mié', name: 'miércoles' });
      expect(monthsOf(sampleHostCalendar({ from: '2027-02-01', months: 1 }).nights)[0]!.label).toBe('febrero de 2027');
      const imported = night('2027-03-05', { state: 'imported', importedFrom: 'airbnb.com' });
      expect(nightName(imported, '2027-03-01')).toBe('5, $120, airbnb.com, viernes, marzo de 2027, bloqueada por airbnb.com');
      const set = night('2027-03-01', { priceCents: 19_950, customPrice: true, minNights: 1, note: 'Festival', startProblem: 'This home takes stays of at least 3 nights.', startProblemFacts: MIN_3 });
      expect(nightName(set, '2027-03-01')).toBe(
        '1, $199.50, Sin llegada, lunes, marzo de 2027, hoy, precio fijado para esta noche, libre, sin llegada, ninguna estancia puede empezar: Este alojamiento admite estancias de al menos 3 noches., estancia mínima de 1 noche, nota: Festival',
      );
      // The API's sentence is English; the page writes its own from the figures.
      const weekends = night('2027-03-04', {
        startProblem: 'Check-in is on Fridays and Saturdays only.',
        startProblemFacts: { ...MIN_3, problem: 'check-in-day', count: null, weekdays: 0b1100000 },
      });
      expect(nightName(weekends, '2027-03-01')).toContain('ninguna estancia puede empezar: La llegada solo es posible los viernes y sábados.');
      const outside = night('2027-03-04', {
        startProblem: 'This room can be booked from Mar 4, 2027 to Apr 1, 2027. Please choose dates in that range.',
        startProblemFacts: { ...MIN_3, problem: 'outside-window', count: null, from: '2027-03-04', to: '2027-04-01' },
      });
      expect(nightName(outside, '2027-03-01')).toContain('ninguna estancia puede empezar: Este alojamiento se puede reservar del 4 mar 2027 al 1 abr 2027. Elige fechas dentro de ese intervalo.');
      expect(nightMarker(night('2027-03-05', { state: 'preparation' }))).toBe('Preparación');
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });
});

describe('the action panel', () => {
  it("sums up the selection: past nights, stays, blocks and imports, and what every night shares", () => {
    const calendar = sampleHostCalendar({
      today: '2027-03-03',
      nights: {
        '2027-03-04': { state: 'booked', bookingId: '5f0c9d3e-0000-4000-8000-0000000000aa', guestName: 'Ana Lima', note: 'VIP' },
        '2027-03-05': { state: 'booked', bookingId: '5f0c9d3e-0000-4000-8000-0000000000aa', guestName: 'Ana Lima', note: 'VIP' },
        '2027-03-06': { state: 'blocked', note: 'VIP' },
        '2027-03-07': { state: 'imported', importedFrom: 'airbnb.com', note: 'VIP' },
      },
    });
    expect(summarizeRange(calendar.nights, { from: '2027-03-02', to: '2027-03-08' }, calendar.today)).toMatchObject({
      count: 6,
      past: 1,
      stays: [{ bookingId: '5f0c9d3e-0000-4000-8000-0000000000aa', guestName: 'Ana Lima', nights: 2 }],
      blocked: 1,
      importedFrom: ['airbnb.com'],
      price: '120',
      minNights: '',
      note: '',
    });
    expect(summarizeRange(calendar.nights, { from: '2027-03-04', to: '2027-03-08' }, calendar.today).note).toBe('VIP');
  });

  it('names each change in its toast', () => {
    expect(changeMessage({ blocked: true })).toBe('Nights blocked');
    expect(changeMessage({ blocked: false })).toBe('Nights unblocked');
    expect(changeMessage({ price: '150' })).toBe('Price saved');
    expect(changeMessage({ price: null })).toBe("Price set back to the listing's");
    expect(changeMessage({ minNights: 3 })).toBe('Minimum stay saved');
    expect(changeMessage({ minNights: null })).toBe("Minimum stay set back to the listing's");
    expect(changeMessage({ note: 'Deep clean' })).toBe('Note saved');
    expect(changeMessage({ note: null })).toBe('Note removed');
  });
});
