import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { sampleHostCalendar, sampleRoomSummary } from '../../../testing/samples';
import { setActiveLocale } from '@staybook/domain/locale';
import '../../../locales/es/catalog';
import { HostCalendarOverview } from './host-calendar-overview';
import { HostCalendarPage } from './host-calendar-page';

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

const CABIN = sampleRoomSummary({ _id: '5f0c9d3e-0000-4000-8000-000000000001', title: 'Lake cabin' });
const LOFT = sampleRoomSummary({ _id: '5f0c9d3e-0000-4000-8000-000000000002', title: 'Harbour loft', location: 'Porto, Portugal' });
const STAY_ID = '5f0c9d3e-0000-4000-8000-0000000000aa';
const PREVIOUS = [{ from: '2027-03-04', to: '2027-03-05', priceCents: 15_000, minNights: null, blocked: false, note: 'Window cleaner' }];
const REFUSAL = 'A confirmed stay from Mar 5, 2027 to Mar 7, 2027 holds some of these nights, so they cannot be blocked. Choose other nights, or cancel the stay first.';
/** The 409 a block meets on Ana Lima's stay: the English sentence, and the facts it is written from. */
const REFUSED = () => jsonResponse({ error: { code: 'CONFLICT', message: REFUSAL, facts: { refusal: 'stay-in-the-way', from: '2027-03-05', to: '2027-03-07' } } }, 409);

interface Sent {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * The API as the calendar page meets it: the host's two listings, their nights (March and April 2027, today March 3,
 * Ana Lima staying March 5 and 6 in the cabin), and `put` answering each change.
 */
function stubApi(put: (body: unknown) => Response = () => jsonResponse({ previous: PREVIOUS })) {
  const sent: Sent[] = [];
  const fetch = stubFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method: init.method ?? 'GET', url, body });
    if (url.pathname === '/api/my-listings') return jsonResponse({ items: [CABIN, LOFT], nextCursor: null });
    const room = [CABIN, LOFT].find((r) => url.pathname === `/api/room/${r._id}/calendar/nights`);
    if (!room) return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    if (init.method === 'PUT') return put(body);
    const booked = { state: 'booked' as const, bookingId: STAY_ID, guestName: 'Ana Lima' };
    return jsonResponse(
      sampleHostCalendar({
        roomId: room._id,
        title: room.title,
        from: '2027-03-01',
        months: 2,
        today: '2027-03-03',
        nights: room === CABIN ? { '2027-03-05': booked, '2027-03-06': booked } : { '2027-03-04': { state: 'blocked' } },
      }),
    );
  });
  return { fetch, sent, nightsReads: () => sent.filter((s) => s.method === 'GET' && s.url.pathname.endsWith('/nights')) };
}

function cell(date: string): HTMLElement {
  const found = screen.getByRole('region', { name: /^(Lake cabin|Harbour loft)$/ }).querySelector<HTMLElement>(`[role="gridcell"][data-date="${date}"]`);
  if (!found) throw new Error(`No cell for ${date}`);
  return found;
}

async function renderPage() {
  renderWithProviders(
    <>
      <HostCalendarPage />
      <Toaster />
    </>,
    { path: '/dashboard/calendar' },
  );
  await screen.findByRole('grid', { name: 'March 2027' });
}

/** Selects March 3 to 5 with the keyboard and opens the panel with Enter. */
function selectThreeNights() {
  cell('2027-03-03').focus();
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', shiftKey: true });
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', shiftKey: true });
  fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
}

function panel() {
  return screen.getByRole('region', { name: /\(\d+ nights?\)$/ });
}

describe('HostCalendarPage', () => {
  it("loads the newest listing's twelve months in one request, the next 30 days of each listing, and switches listing", async () => {
    const api = stubApi();
    await renderPage();
    expect(screen.getByRole('heading', { level: 2, name: 'Lake cabin' })).toBeTruthy();
    const reads = api.nightsReads();
    expect(reads.filter((r) => r.url.searchParams.get('months') === '12').map((r) => r.url.pathname)).toEqual([`/api/room/${CABIN._id}/calendar/nights`]);
    expect(reads[0]!.url.searchParams.has('from')).toBe(false);

    // The overview: a row per listing, each night named.
    const overview = screen.getByRole('table', { name: 'What holds each of the next 30 nights, per listing' });
    await within(overview).findByRole('cell', { name: 'Friday, March 5, 2027: booked by Ana Lima' });
    expect(within(overview).getByRole('cell', { name: 'Thursday, March 4, 2027: blocked' })).toBeTruthy();
    expect(within(overview).getAllByRole('row')).toHaveLength(3);
    expect(api.nightsReads().filter((r) => r.url.searchParams.get('months') === '2')).toHaveLength(2);

    fireEvent.click(within(overview).getByRole('button', { name: 'Harbour loft' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Harbour loft' })).toBeTruthy();
    await waitFor(() => expect(cell('2027-03-04').getAttribute('aria-label')).toBe('4, $120, Blocked, Thursday, March 2027, blocked'));
    expect((screen.getByLabelText('Listing') as HTMLSelectElement).value).toBe(LOFT._id);

    // The listing menu goes back; 'Next 12 months' asks for the window after this one.
    fireEvent.change(screen.getByLabelText('Listing'), { target: { value: CABIN._id } });
    await screen.findByRole('heading', { level: 2, name: 'Lake cabin' });
    await screen.findByRole('grid', { name: 'March 2027' });
    fireEvent.click(screen.getByRole('button', { name: 'Next 12 months' }));
    await waitFor(() => expect(api.nightsReads().at(-1)!.url.searchParams.get('from')).toBe('2027-05-01'));
  });

  it('blocks the selected nights at once, and undoes it from the toast', async () => {
    const api = stubApi();
    await renderPage();
    selectThreeNights();
    const heading = screen.getByRole('heading', { level: 3, name: 'Mar 3 – Mar 6, 2027 (3 nights)' });
    // Enter took the keyboard to the panel; Escape takes it back to the nights.
    expect(document.activeElement).toBe(heading);
    fireEvent.keyDown(heading, { key: 'Escape' });
    expect(document.activeElement).toBe(cell('2027-03-05'));
    // The stay in the selection is named, with its trip.
    expect(within(panel()).getByRole('link', { name: "Ana Lima's stay" }).getAttribute('href')).toBe(`/dashboard/trips/${STAY_ID}`);
    const readsBefore = api.nightsReads().length;

    fireEvent.click(within(panel()).getByRole('button', { name: 'Unblock nights' }));
    await screen.findByText('Nights unblocked');
    expect(api.sent.filter((s) => s.method === 'PUT').map((s) => s.body)).toEqual([{ from: '2027-03-03', to: '2027-03-06', set: { blocked: false } }]);
    // The calendar is read again.
    await waitFor(() => expect(api.nightsReads().length).toBeGreaterThan(readsBefore));

    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await screen.findByText('Change undone');
    expect(api.sent.filter((s) => s.method === 'PUT').at(-1)!.body).toEqual({ from: '2027-03-03', to: '2027-03-06', restore: PREVIOUS });
  });

  it("shows the server's refusal when a confirmed stay holds nights being blocked", async () => {
    stubApi(REFUSED);
    await renderPage();
    selectThreeNights();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Block nights' }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe(REFUSAL);
    expect(screen.queryByText('Nights blocked')).toBeNull();
  });

  it("saves a nightly price, shows the server's word on a wrong one under the field, and puts the listing's back", async () => {
    const message = 'Price per night must be an amount from $1 to $100,000';
    const api = stubApi((body) =>
      (body as { set: { price?: string } }).set.price === '0.5'
        ? jsonResponse({ error: { code: 'VALIDATION_FAILED', message: `set.price: ${message}`, fields: { 'set.price': message } } }, 400)
        : jsonResponse({ previous: [] }),
    );
    await renderPage();
    fireEvent.mouseDown(cell('2027-03-10'), { button: 0 });
    fireEvent.mouseDown(cell('2027-03-12'), { button: 0, shiftKey: true });
    const price = within(panel()).getByLabelText('Price per night');
    expect((price as HTMLInputElement).value).toBe('120');

    fireEvent.change(price, { target: { value: '0.5' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save price' }));
    expect(await within(panel()).findByText(message)).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(price, { target: { value: '150' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save price' }));
    await screen.findByText('Price saved');
    fireEvent.click(within(panel()).getByRole('button', { name: "Use the listing's price" }));
    await screen.findByText("Price set back to the listing's");
    fireEvent.change(within(panel()).getByLabelText('Minimum stay'), { target: { value: '3' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save minimum stay' }));
    await screen.findByText('Minimum stay saved');
    fireEvent.change(within(panel()).getByLabelText('Note'), { target: { value: ' Deep clean ' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save note' }));
    await screen.findByText('Note saved');

    const range = { from: '2027-03-10', to: '2027-03-13' };
    expect(api.sent.filter((s) => s.method === 'PUT').map((s) => s.body)).toEqual([
      { ...range, set: { price: '0.5' } },
      { ...range, set: { price: '150' } },
      { ...range, set: { price: null } },
      { ...range, set: { minNights: 3 } },
      { ...range, set: { note: 'Deep clean' } },
    ]);
  });

  it('speaks Spanish on a Spanish page: the months, weekdays and nights named, the panel’s range and its price hint', async () => {
    stubApi();
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderWithProviders(<HostCalendarPage />, { path: '/dashboard/calendar' });
      const march = await screen.findByRole('grid', { name: 'marzo de 2027' });
      expect(within(march).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
        'domdomingo',
        'lunlunes',
        'marmartes',
        'miémiércoles',
        'juejueves',
        'vieviernes',
        'sábsábado',
      ]);
      expect(cell('2027-03-05').getAttribute('aria-label')).toBe('5, $120, Ana Lima, viernes, marzo de 2027, reservada por Ana Lima');
      expect(cell('2027-03-03').getAttribute('aria-label')).toBe('3, $120, miércoles, marzo de 2027, hoy, libre');
      expect(cell('2027-03-01').getAttribute('aria-label')).toBe('1, $120, lunes, marzo de 2027, pasada');
      const overview = screen.getByRole('table', { name: 'Qué ocupa cada una de las próximas 30 noches, por anuncio' });
      await within(overview).findByRole('cell', { name: 'viernes, 5 de marzo de 2027: reservada por Ana Lima' });

      selectThreeNights();
      const opened = screen.getByRole('region', { name: '3 mar – 6 mar 2027 (3 noches)' });
      expect(within(opened).getByRole('heading', { name: '3 mar – 6 mar 2027 (3 noches)' })).toBeTruthy();
      expect(within(opened).getByText('En dólares. El precio del anuncio es $120.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Cambiar 3 mar – 6 mar 2027 (3 noches)' })).toBeTruthy();
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });

  it("speaks Spanish in the panel: a stay in the selection, its buttons, a field the server refused (from the domain's check) and a refusal around a value (from its facts)", async () => {
    const english = 'Minimum stay must be a whole number from 1 to 365 nights';
    const api = stubApi((body) => {
      const { set } = body as { set: { minNights?: number; blocked?: boolean } };
      if (set.minNights === 0) return jsonResponse({ error: { code: 'VALIDATION_FAILED', message: `set.minNights: ${english}`, fields: { 'set.minNights': english } } }, 400);
      return set.blocked ? REFUSED() : jsonResponse({ previous: PREVIOUS });
    });
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderWithProviders(
        <>
          <HostCalendarPage />
          <Toaster />
        </>,
        { path: '/dashboard/calendar' },
      );
      await screen.findByRole('grid', { name: 'marzo de 2027' });
      selectThreeNights();
      const spanishPanel = () => screen.getByRole('region', { name: '3 mar – 6 mar 2027 (3 noches)' });
      const link = within(spanishPanel()).getByRole('link', { name: 'La estancia de Ana Lima' });
      expect(link.closest('li')!.textContent).toBe('La estancia de Ana Lima ocupa 1 de estas noches, que no se puede bloquear.');
      const minNights = within(spanishPanel()).getByLabelText('Estancia mínima');
      fireEvent.change(minNights, { target: { value: '0' } });
      fireEvent.click(within(spanishPanel()).getByRole('button', { name: 'Guardar estancia mínima' }));
      expect(await within(spanishPanel()).findByText('La estancia mínima debe ser un número entero de 1 a 365 noches')).toBeTruthy();
      expect(api.sent.filter((s) => s.method === 'PUT').map((s) => s.body)).toEqual([{ from: '2027-03-03', to: '2027-03-06', set: { minNights: 0 } }]);
      // The server's refusal around a value, written from its facts.
      fireEvent.click(within(spanishPanel()).getByRole('button', { name: 'Bloquear noches' }));
      expect((await within(spanishPanel()).findByRole('alert')).textContent).toBe(
        'Una estancia confirmada del 5 mar 2027 al 7 mar 2027 ocupa algunas de estas noches, así que no se pueden bloquear. Elige otras noches o cancela antes la estancia.',
      );
      fireEvent.click(within(spanishPanel()).getByRole('button', { name: 'Desbloquear noches' }));
      await screen.findByText('Noches desbloqueadas');
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });

  it('shows past nights but explains they cannot be changed', async () => {
    const api = stubApi();
    await renderPage();
    fireEvent.mouseDown(cell('2027-03-01'), { button: 0 });
    expect(cell('2027-03-01').getAttribute('aria-label')).toBe('1, $120, Monday, March 2027, past');
    expect(within(panel()).getByText('Nights before today cannot be changed: select nights from today on to change them.')).toBeTruthy();
    expect((within(panel()).getByRole('button', { name: 'Block nights' }) as HTMLButtonElement).closest('fieldset')!.disabled).toBe(true);
    expect(api.sent.some((s) => s.method === 'PUT')).toBe(false);
  });

  it('shows the first 10 listings in the overview, with one request each, and says so', async () => {
    const rooms = Array.from({ length: 12 }, (_, i) =>
      sampleRoomSummary({ _id: `5f0c9d3e-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, title: `Room ${i + 1}` }),
    );
    const fetch = stubFetch((href) => {
      const roomId = /\/api\/room\/([^/]+)\//.exec(href)![1]!;
      return jsonResponse(sampleHostCalendar({ roomId, from: '2027-03-01', months: 2, today: '2027-03-03' }));
    });
    const onChoose = vi.fn();
    renderWithProviders(<HostCalendarOverview rooms={rooms} more={false} currentId={rooms[0]!._id} onChoose={onChoose} />);
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('cell', { name: 'Wednesday, March 3, 2027: free' })).toHaveLength(10));
    expect(within(table).getAllByRole('rowheader')).toHaveLength(10);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(31);
    expect(screen.getByText(/^Showing your first 10 listings\./)).toBeTruthy();
    expect(new Set(fetch.mock.calls.map(([url]) => String(url))).size).toBe(10);
    expect(fetch.mock.calls.every(([url]) => String(url).endsWith('/calendar/nights?months=2'))).toBe(true);
    fireEvent.click(within(table).getByRole('button', { name: 'Room 4' }));
    expect(onChoose).toHaveBeenCalledWith(rooms[3]!._id);
  });
});
