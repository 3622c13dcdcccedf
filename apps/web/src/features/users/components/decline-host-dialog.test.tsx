import type { ManagedUser } from '@staybook/domain/accounts';
import { setActiveLocale } from '@staybook/domain/locale';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import '../../../locales/es/catalog';
import { DeclineHostDialog } from './decline-host-dialog';

afterEach(() => {
  setActiveLocale('en');
  cleanup();
  vi.unstubAllGlobals();
});

const ASKING: ManagedUser = {
  _id: '5f0c9d3e-0000-4000-8000-0000000000c1',
  email: 'gus@example.com',
  name: 'Gus Guest',
  image: null,
  role: 'guest',
  status: 'Requested',
  createdAt: '2026-11-01T12:00:00.000Z',
  hostCancellations: 0,
};

describe('declining a host request', () => {
  it('asks for a reason before sending, in the page’s language', async () => {
    window.untranslatedMessages = [];
    setActiveLocale('es');
    const fetch = stubFetch(() => jsonResponse({}));
    renderWithProviders(<DeclineHostDialog user={ASKING} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar solicitud' }));
    expect(await screen.findByText('Indica un motivo')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(window.untranslatedMessages).toEqual([]);
  });
});
