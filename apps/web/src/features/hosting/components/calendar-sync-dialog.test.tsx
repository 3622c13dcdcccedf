import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { setActiveLocale } from '@staybook/domain/locale';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { sampleRoomSummary } from '../../../testing/samples';
import '../../../locales/es/catalog';
import { CalendarSyncDialog } from './calendar-sync-dialog';

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

const ROOM = sampleRoomSummary({ _id: '5f0c9d3e-0000-4000-8000-000000000001', title: 'Lake cabin' });
const FULL = 'A room can import at most 10 calendars. Remove one first.';

/** The dialog's API: two imports whose last fetch failed (one recorded before its reason was kept), and an add refused as one too many. */
function stubApi() {
  stubFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    if (init.method === 'POST' && url.pathname.endsWith('/imports')) {
      return jsonResponse({ error: { code: 'VALIDATION_FAILED', message: FULL, fields: { url: FULL } } }, 400);
    }
    return jsonResponse({
      exportUrl: 'http://localhost/api/calendar/secret.ics',
      imports: [
        {
          id: '5f0c9d3e-0000-4000-8000-0000000000c1',
          url: 'https://calendar.example/a.ics',
          lastSyncedAt: null,
          lastFetchedAt: '2027-03-03T10:00:00.000Z',
          lastError: 'The address calendar.example could not be found.',
          // Failed before the reason was kept (migration 0034): read back from its English.
          lastErrorReason: null,
          blockCount: 0,
        },
        {
          id: '5f0c9d3e-0000-4000-8000-0000000000c2',
          url: 'https://calendar.example/b.ics',
          lastSyncedAt: null,
          lastFetchedAt: '2027-03-03T10:00:00.000Z',
          lastError: 'The other site answered with HTTP status 503.',
          // The kept reason is what a page in another language writes (here told apart from the English on purpose).
          lastErrorReason: { code: 'httpStatus', fact: '502' },
          blockCount: 0,
        },
      ],
    });
  });
}

describe('CalendarSyncDialog', () => {
  it("writes the server's reasons around a value in Spanish on a Spanish page: a stored last error, and a refused address", async () => {
    stubApi();
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderWithProviders(<CalendarSyncDialog room={ROOM} onClose={() => {}} />);
      expect(await screen.findByText('La última sincronización falló: No se ha encontrado la dirección calendar.example.')).toBeTruthy();
      expect(screen.getByText('La última sincronización falló: El otro sitio ha respondido con el estado HTTP 502.')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('URL del calendario a importar'), { target: { value: 'https://other.example/b.ics' } });
      fireEvent.click(screen.getByRole('button', { name: 'Añadir' }));
      expect(await screen.findByText('Un alojamiento puede importar como máximo 10 calendarios. Elimina uno primero.')).toBeTruthy();
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });

  it('shows them as the server wrote them on an English page', async () => {
    stubApi();
    renderWithProviders(<CalendarSyncDialog room={ROOM} onClose={() => {}} />);
    expect(await screen.findByText('Last sync failed: The address calendar.example could not be found.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Import calendar URL'), { target: { value: 'https://other.example/b.ics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(FULL)).toBeTruthy();
  });
});
