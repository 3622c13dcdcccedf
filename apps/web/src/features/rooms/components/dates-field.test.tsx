import { addMonths, formatMonthYear, localDateToIso } from '@staybook/domain/dates';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchForm } from './search-form';

// Both pickers load when the field first opens or switches (the exact dates' picker opens first): loaded here
// first, so a findBy does not wait on their transform, which can outlast its second on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./stay-range-picker'), import('./flexible-dates-picker')]);
});
afterEach(cleanup);

const nextMonth = addMonths(localDateToIso(new Date()).slice(0, 7), 1);

describe("the search's flexible dates", () => {
  it("chooses 'A weekend' in a month and searches for it, and the button says so", async () => {
    const onSearch = vi.fn();
    render(<SearchForm search={{}} onSearch={onSearch} variant="bar" />);
    fireEvent.click(screen.getByRole('button', { name: /Check in/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Flexible' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'A weekend' }));
    fireEvent.click(screen.getByRole('checkbox', { name: formatMonthYear(nextMonth) }));
    expect(screen.getByRole('button', { name: /^When A weekend in / })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({ stay: 'weekend', months: [nextMonth] });
  });

  it('takes up to three months, and asks for a month when none is chosen', async () => {
    const onSearch = vi.fn();
    render(<SearchForm search={{}} onSearch={onSearch} variant="bar" />);
    fireEvent.click(screen.getByRole('button', { name: /Check in/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Flexible' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'A week' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText('Choose at least one month')).toBeTruthy();
    const months = [1, 2, 3, 4].map((n) => screen.getByRole('checkbox', { name: formatMonthYear(addMonths(nextMonth, n - 1)) }));
    for (const month of months.slice(0, 3)) fireEvent.click(month);
    expect(months[3]).toHaveProperty('disabled', true);
  });

  it('shows a flexible search from the address, and exact dates again when switched back', () => {
    render(<SearchForm search={{ stay: 'month', months: [nextMonth] }} onSearch={() => {}} variant="bar" />);
    const button = screen.getByRole('button', { name: /^When A month in / });
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('radio', { name: 'Dates' }));
    expect(screen.getByRole('button', { name: /Check in Add date/ })).toBeTruthy();
  });

  it("offers 'Clear dates' once a flexible stay or a month is chosen, clears both, and closes on 'Done'", async () => {
    render(<SearchForm search={{}} onSearch={() => {}} variant="bar" />);
    fireEvent.click(screen.getByRole('button', { name: /Check in/ }));
    const clear = () => screen.getByRole('button', { name: 'Clear dates' });
    expect(clear()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Flexible' }));
    expect(clear()).toHaveProperty('disabled', true);
    fireEvent.click(await screen.findByRole('radio', { name: 'A weekend' }));
    expect(clear()).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('checkbox', { name: formatMonthYear(nextMonth) }));
    fireEvent.click(clear());
    expect(clear()).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: formatMonthYear(nextMonth) })).toHaveProperty('checked', false);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('button', { name: 'Clear dates' })).toBeNull();
  });
});
