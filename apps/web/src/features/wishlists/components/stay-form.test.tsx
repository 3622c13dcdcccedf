import { addDays } from '@staybook/domain/dates';
import { setActiveLocale } from '@staybook/domain/locale';
import { earliestCheckIn } from '@staybook/domain/stays';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import '../../../locales/es/catalog';
import { StayForm } from './stay-form';

const LIST_ID = '5f0c9d3e-0000-4000-8000-0000000000aa';

afterEach(() => {
  setActiveLocale('en');
  cleanup();
  vi.unstubAllGlobals();
});

function fillIn(checkin: string, checkout: string, submit: string) {
  fireEvent.change(screen.getByLabelText(/^(Check-in|Llegada)/), { target: { value: checkin } });
  fireEvent.change(screen.getByLabelText(/^(Check-out|Salida)/), { target: { value: checkout } });
  fireEvent.click(screen.getByRole('button', { name: submit }));
}

describe("a list's stay form", () => {
  it('refuses, before asking the server, a stay a search would refuse, and offers no past day', () => {
    const fetch = stubFetch(() => jsonResponse({}));
    renderWithProviders(<StayForm listId={LIST_ID} stay={null} />);
    expect(screen.getByLabelText('Check-in').getAttribute('min')).toBe(earliestCheckIn());
    fillIn(addDays(earliestCheckIn(), -1), addDays(earliestCheckIn(), 2), 'Show totals');
    expect(screen.getByText('Check-in is in the past')).toBeTruthy();
    const later = addDays(earliestCheckIn(), 10);
    fillIn(later, addDays(later, 366), 'Show totals');
    expect(screen.getByText('A stay can be at most 365 nights')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says so in Spanish on a Spanish page', () => {
    window.untranslatedMessages = [];
    setActiveLocale('es');
    stubFetch(() => jsonResponse({}));
    renderWithProviders(<StayForm listId={LIST_ID} stay={null} />);
    fillIn(addDays(earliestCheckIn(), -1), addDays(earliestCheckIn(), 2), 'Mostrar totales');
    expect(screen.getByText('La fecha de llegada ya ha pasado')).toBeTruthy();
    fillIn(addDays(earliestCheckIn(), 3), '', 'Mostrar totales');
    expect(screen.getByText('Elige la llegada y la salida, o ninguna de las dos')).toBeTruthy();
    expect(window.untranslatedMessages).toEqual([]);
  });

  it('sends a stay it takes', async () => {
    const checkin = addDays(earliestCheckIn(), 10);
    const fetch = stubFetch(() => jsonResponse({ id: LIST_ID, name: 'Summer', count: 0, cover: null, stay: { checkin, checkout: addDays(checkin, 365), guests: 1 }, shareToken: null }));
    renderWithProviders(<StayForm listId={LIST_ID} stay={null} />);
    fillIn(checkin, addDays(checkin, 365), 'Show totals');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain(`/api/wishlists/${LIST_ID}`);
    expect(JSON.parse(String(init?.body))).toEqual({ checkin, checkout: addDays(checkin, 365), guests: 1 });
  });
});
