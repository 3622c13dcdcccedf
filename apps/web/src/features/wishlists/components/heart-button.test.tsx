import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, jsonResponse } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { sampleUser } from '../../../testing/samples';
import { takePendingSave } from '../api/pending-save';
import { HeartButton } from './heart-button';

const ROOM_A = '5f0c9d3e-0000-4000-8000-00000000000a';
const ROOM_B = '5f0c9d3e-0000-4000-8000-00000000000b';

function LoginProbe() {
  const location = useLocation();
  return <p>{`login, back to ${(location.state as { from: { pathname: string } }).from.pathname}`}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the heart', () => {
  it('asks a visitor to log in, remembering the home to save, and asks the API nothing', async () => {
    const fetch = stubFetch(() => jsonResponse({}));
    renderWithProviders(
      <Routes>
        <Route path="/" element={<HeartButton roomId={ROOM_A} title="Loft" />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>,
      { user: null },
    );
    const heart = screen.getByRole('button', { name: 'Save Loft' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(await screen.findByText('login, back to /')).toBeTruthy();
    expect(takePendingSave()).toBe(ROOM_A);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a signed-in person's saved homes pressed, asking about every heart on screen in one request", async () => {
    const fetch = stubFetch(() => jsonResponse({ saved: [{ roomId: ROOM_B, lists: [{ id: 'l1', name: 'Saved' }] }] }));
    renderWithProviders(
      <>
        <HeartButton roomId={ROOM_A} title="Loft" />
        <HeartButton roomId={ROOM_B} title="Cabin" />
      </>,
      { user: sampleUser() },
    );
    const saved = await screen.findByRole('button', { name: 'Remove Cabin from Saved' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save Loft' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]![0])).toBe(`/api/wishlists/saved?roomIds=${ROOM_A},${ROOM_B}`);
  });
});
