import type { HostCalendar } from '@staybook/domain/host-calendar';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useMemo, useRef, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleHostCalendar } from '../../../testing/samples';
import { monthsOf, type Selection } from '../utils/host-calendar-grid';
import { HostCalendarGrid } from './host-calendar-grid';

afterEach(cleanup);

const STAY_ID = '5f0c9d3e-0000-4000-8000-0000000000aa';

/** March and April 2027, today March 3: a stay, a block, an import and a night no stay can start on. */
const CALENDAR = sampleHostCalendar({
  from: '2027-03-01',
  months: 2,
  today: '2027-03-03',
  nights: {
    '2027-03-05': { priceCents: 15_000, state: 'booked', bookingId: STAY_ID, guestName: 'Ana Lima' },
    '2027-03-06': { priceCents: 15_000, state: 'booked', bookingId: STAY_ID, guestName: 'Ana Lima' },
    '2027-03-08': { state: 'blocked' },
    '2027-03-09': { state: 'imported', importedFrom: 'airbnb.com' },
    '2027-03-10': { startProblem: 'This home takes stays of at least 3 nights.', startProblemFacts: { problem: 'min-nights', count: 3, from: null, to: null, weekdays: null, time: null, totalCents: null } },
  },
});

/** The grid with its selection kept as the page keeps it. */
function Harness({ calendar, onOpenPanel }: { calendar: HostCalendar; onOpenPanel: () => void }) {
  const [selection, setSelection] = useState<Selection>({ anchor: calendar.today, focus: calendar.today });
  const gridRef = useRef<HTMLDivElement>(null);
  const months = useMemo(() => monthsOf(calendar.nights), [calendar.nights]);
  return (
    <MemoryRouter>
      <HostCalendarGrid
        months={months}
        today={calendar.today}
        first={calendar.from}
        end={calendar.to}
        selection={selection}
        onSelect={setSelection}
        onOpenPanel={onOpenPanel}
        onPoint={() => {}}
        gridRef={gridRef}
      />
    </MemoryRouter>
  );
}

function renderGrid(calendar = CALENDAR) {
  const onOpenPanel = vi.fn();
  render(<Harness calendar={calendar} onOpenPanel={onOpenPanel} />);
  return { onOpenPanel };
}

/** The day cell of `date` ('2027-03-05'). */
function cell(date: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[role="gridcell"][data-date="${date}"]`);
  if (!found) throw new Error(`No cell for ${date}`);
  return found;
}

/** The selected nights, in order. */
function selectedDates(): string[] {
  return [...document.querySelectorAll<HTMLElement>('[role="gridcell"][aria-selected="true"]')].map((c) => c.dataset.date!);
}

function key(k: string, init: { shiftKey?: boolean } = {}) {
  fireEvent.keyDown(document.activeElement!, { key: k, ...init });
}

describe('HostCalendarGrid', () => {
  it('draws each month as a grid of its weeks, each night named with its date, price and state', () => {
    renderGrid();
    const march = screen.getByRole('grid', { name: 'March 2027' });
    expect(screen.getByRole('grid', { name: 'April 2027' })).toBeTruthy();
    expect(within(march).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'SunSunday',
      'MonMonday',
      'TueTuesday',
      'WedWednesday',
      'ThuThursday',
      'FriFriday',
      'SatSaturday',
    ]);
    const booked = within(march).getByRole('gridcell', { name: '5, $150, Ana Lima, Friday, March 2027, booked by Ana Lima' });
    // What the cell shows is in its name: the day, the price, the guest (a link to the trip).
    expect(booked.textContent).toBe('5 $150 Ana Lima');
    expect(within(booked).getByRole('link', { name: 'Ana Lima' }).getAttribute('href')).toBe(`/dashboard/trips/${STAY_ID}`);
    expect(within(march).getByRole('gridcell', { name: '8, $120, Blocked, Monday, March 2027, blocked' }).textContent).toBe('8 $120 Blocked');
    expect(within(march).getByRole('gridcell', { name: '9, $120, airbnb.com, Tuesday, March 2027, blocked by airbnb.com' }).textContent).toBe('9 $120 airbnb.com');
    const noStart = within(march).getByRole('gridcell', {
      name: '10, $120, No check-in, Wednesday, March 2027, free, no check-in, no stay can start: This home takes stays of at least 3 nights.',
    });
    expect(noStart.textContent).toBe('10 $120 No check-in');
    expect(within(march).getByRole('gridcell', { name: '1, $120, Monday, March 2027, past' })).toBeTruthy();
    expect(within(march).getByRole('gridcell', { name: '3, $120, Wednesday, March 2027, today, free' })).toBeTruthy();
  });

  it('keeps one night in the tab order: today, selected', () => {
    renderGrid();
    const tabbable = document.querySelectorAll('[role="gridcell"][tabindex="0"]');
    expect([...tabbable].map((c) => (c as HTMLElement).dataset.date)).toEqual(['2027-03-03']);
    expect(selectedDates()).toEqual(['2027-03-03']);
    expect(document.querySelectorAll('[role="grid"][aria-multiselectable="true"]')).toHaveLength(2);
  });

  it('moves with the arrows, selecting the night it moves to, across months too', () => {
    renderGrid();
    cell('2027-03-03').focus();
    key('ArrowRight');
    expect(document.activeElement).toBe(cell('2027-03-04'));
    expect(selectedDates()).toEqual(['2027-03-04']);
    expect(cell('2027-03-04').tabIndex).toBe(0);
    expect(cell('2027-03-03').tabIndex).toBe(-1);
    key('ArrowDown');
    key('ArrowLeft');
    expect(document.activeElement).toBe(cell('2027-03-10'));
    key('ArrowUp');
    expect(document.activeElement).toBe(cell('2027-03-03'));
    // Four weeks down: into April's grid.
    for (let i = 0; i < 4; i++) key('ArrowDown');
    expect(document.activeElement).toBe(cell('2027-03-31'));
    key('ArrowDown');
    expect(document.activeElement).toBe(cell('2027-04-07'));
    expect(within(screen.getByRole('grid', { name: 'April 2027' })).getByRole('gridcell', { selected: true })).toBe(cell('2027-04-07'));
    key('Home');
    expect(document.activeElement).toBe(cell('2027-04-04'));
    key('End');
    expect(document.activeElement).toBe(cell('2027-04-10'));
    key('PageUp');
    expect(document.activeElement).toBe(cell('2027-03-10'));
  });

  it('stays within the months on screen', () => {
    renderGrid();
    cell('2027-03-03').focus();
    key('PageDown');
    key('PageDown');
    expect(document.activeElement).toBe(cell('2027-04-30'));
    key('ArrowRight');
    expect(document.activeElement).toBe(cell('2027-04-30'));
    expect(selectedDates()).toEqual(['2027-04-30']);
  });

  it('extends the selection with Shift and the arrows, either way from where it started', () => {
    renderGrid();
    cell('2027-03-03').focus();
    key('ArrowRight', { shiftKey: true });
    key('ArrowRight', { shiftKey: true });
    expect(selectedDates()).toEqual(['2027-03-03', '2027-03-04', '2027-03-05']);
    expect(document.activeElement).toBe(cell('2027-03-05'));
    key('ArrowDown', { shiftKey: true });
    expect(selectedDates()).toHaveLength(10);
    key('ArrowUp', { shiftKey: true });
    key('ArrowUp', { shiftKey: true });
    // Past the anchor, up to the first night on screen.
    expect(selectedDates()).toEqual(['2027-03-01', '2027-03-02', '2027-03-03']);
    expect(document.activeElement).toBe(cell('2027-03-01'));
    // Without Shift the selection is one night again.
    key('ArrowRight');
    expect(selectedDates()).toEqual(['2027-03-02']);
  });

  it('opens the action panel with Enter or Space', () => {
    const { onOpenPanel } = renderGrid();
    cell('2027-03-03').focus();
    key('Enter');
    key(' ');
    expect(onOpenPanel).toHaveBeenCalledTimes(2);
  });

  it('selects a night on click, extends to another on Shift+click, and selects the nights a drag passes', () => {
    renderGrid();
    fireEvent.mouseDown(cell('2027-03-12'), { button: 0 });
    fireEvent.mouseUp(cell('2027-03-12'));
    expect(selectedDates()).toEqual(['2027-03-12']);
    fireEvent.mouseDown(cell('2027-03-15'), { button: 0, shiftKey: true });
    fireEvent.mouseUp(cell('2027-03-15'));
    expect(selectedDates()).toEqual(['2027-03-12', '2027-03-13', '2027-03-14', '2027-03-15']);
    expect(cell('2027-03-15').tabIndex).toBe(0);

    fireEvent.mouseDown(cell('2027-03-20'), { button: 0 });
    fireEvent.mouseOver(cell('2027-03-21'), { buttons: 1 });
    fireEvent.mouseOver(cell('2027-03-18'), { buttons: 1 });
    fireEvent.mouseUp(window);
    expect(selectedDates()).toEqual(['2027-03-18', '2027-03-19', '2027-03-20']);
    // Once the button is up, passing over nights changes nothing.
    fireEvent.mouseOver(cell('2027-03-25'), { buttons: 0 });
    expect(selectedDates()).toEqual(['2027-03-18', '2027-03-19', '2027-03-20']);
  });

  it("leaves a press on the guest's name to the link to the trip", () => {
    renderGrid();
    fireEvent.mouseDown(screen.getAllByRole('link', { name: 'Ana Lima' })[0]!, { button: 0 });
    expect(selectedDates()).toEqual(['2027-03-03']);
  });

  it('draws three years of nights, and moves through them', () => {
    renderGrid(sampleHostCalendar({ from: '2027-01-01', months: 36, today: '2027-01-04' }));
    expect(document.querySelectorAll('[role="grid"]')).toHaveLength(36);
    cell('2027-01-04').focus();
    key('ArrowDown', { shiftKey: true });
    expect(selectedDates()).toHaveLength(8);
    for (let i = 0; i < 12; i++) key('PageDown');
    expect(document.activeElement).toBe(cell('2028-01-11'));
    expect(selectedDates()).toEqual(['2028-01-11']);
  });
});
