import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '../features/auth/api/auth-keys';
import { roomKeys } from '../lib/room-keys';
import { jsonResponse } from '../testing/fetch';
import { sampleUser } from '../testing/samples';
import { startRoomPage } from './room-head-start';

const ROOM_ID = '5f0c9d3e-0000-4000-8000-000000000001';
const GUS = sampleUser({ id: 'u1', email: 'guest@staybook.example' });
const json = (status: number, body: unknown) => jsonResponse(body, status);

afterEach(() => vi.unstubAllGlobals());

/** Starts the app at `pathname` with the session answering `session`; answers what was asked and the query client. */
function startAt(pathname: string, session: unknown) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = String(input);
      asked.push(path);
      if (path === '/api/auth/get-session') return json(200, session);
      // The room page checks the answer itself; a room the schema refuses still shows whether it was kept.
      return json(200, { _id: ROOM_ID });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const loadPage = vi.fn(() => Promise.resolve({}));
  startRoomPage(queryClient, pathname, loadPage);
  return { asked, queryClient, loadPage };
}

describe('the room page, opened at its address', () => {
  it('asks for its code, the session and the room at once, and keeps the room for a signed-in person', async () => {
    const { asked, queryClient, loadPage } = startAt(`/room/${ROOM_ID}`, { user: GUS });
    expect(loadPage).toHaveBeenCalledTimes(1);
    expect(asked.sort()).toEqual(['/api/auth/get-session', `/api/room/${ROOM_ID}`]);
    await vi.waitFor(() => expect(queryClient.getQueryState(authKeys.session())?.status).toBe('success'));
    await vi.waitFor(() => expect(queryClient.getQueryState(roomKeys.detail(ROOM_ID))?.fetchStatus).toBe('idle'));
    expect(queryClient.getQueryState(roomKeys.detail(ROOM_ID))).toBeDefined();
  });

  it('drops the room read for someone not signed in, who is sent to log in first', async () => {
    const { queryClient } = startAt(`/room/${ROOM_ID}`, null);
    await vi.waitFor(() => expect(queryClient.getQueryState(authKeys.session())?.status).toBe('success'));
    await vi.waitFor(() => expect(queryClient.getQueryState(roomKeys.detail(ROOM_ID))).toBeUndefined());
  });

  it('asks nothing ahead on other pages or at an address no room can have', () => {
    for (const pathname of ['/', '/dashboard', '/room/not-a-room', `/room/${ROOM_ID}/extra`]) {
      const { asked, loadPage } = startAt(pathname, { user: GUS });
      expect(asked, pathname).toEqual([]);
      expect(loadPage, pathname).not.toHaveBeenCalled();
    }
  });
});
