import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetchJson } from '../../testing/fetch';
import { renderWithProviders } from '../../testing/providers';
import { RoomDetailRoute } from './room-detail';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API's answer to a malformed id, as it is sent. */
const MALFORMED = {
  error: { code: 'VALIDATION_FAILED', message: 'id: Room id is malformed', fields: { id: 'Room id is malformed' } },
};

function renderRoomPage(path: string) {
  const fetch = stubFetchJson(MALFORMED, 400);
  renderWithProviders(
    <Routes>
      <Route path="/room/:id" element={<RoomDetailRoute />} />
    </Routes>,
    { path },
  );
  return fetch;
}

describe('the room page', () => {
  it("shows the spec's error screen with a sentence for people when the room link is malformed", async () => {
    const fetch = renderRoomPage('/room/not-a-room-id');

    expect(await screen.findByRole('heading', { name: 'Something Went Wrong!' })).toBeTruthy();
    expect(screen.getByText('This room link is not valid. Please check the address, or find the room from the home page.')).toBeTruthy();
    expect(screen.getByText('Here are some helpful links:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take Me Home' })).toBeTruthy();
    expect(screen.queryByText(/malformed/)).toBeNull();
    // Nothing to ask the server: no room has such an id.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the same when the server refuses an id as malformed', async () => {
    renderRoomPage('/room/0c6f1a5e-1b7c-4c1e-9f5a-2d3b4c5d6e7f');

    expect(await screen.findByText('This room link is not valid. Please check the address, or find the room from the home page.')).toBeTruthy();
    expect(screen.queryByText(/malformed/)).toBeNull();
  });
});
