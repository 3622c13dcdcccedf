import { APP_PATHS } from '@staybook/domain/app-routes';
import { isRoomId } from '@staybook/domain/first-paint-answers';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { sessionQuery } from '../features/auth/api/auth-queries';
import { roomQuery } from '../features/rooms/api/use-room';

/**
 * The room page needs three things that do not depend on one another: the session (the page is for signed-in
 * people), its own code (loaded lazily) and the room. Rendering alone asks for them one after another: the guard
 * waits for the session before it renders the page, the page's code arrives, then the page asks for its room.
 * Opened at a room's address, the app asks for all three as it starts, so a phone waits for one round trip, not
 * three. A room read for someone who turns out not to be signed in is dropped: the signed-in answer differs, and
 * they come back here after logging in.
 */
export function startRoomPage(queryClient: QueryClient, pathname: string, loadPage: () => Promise<unknown>): void {
  const id = matchPath(APP_PATHS.room, pathname)?.params.id;
  if (!id || !isRoomId(id)) return;
  // A failure is reported by the page's own lazy load, which retries.
  loadPage().catch(() => {});
  const room = roomQuery(id);
  void queryClient.prefetchQuery(room);
  void queryClient.fetchQuery(sessionQuery).then(
    (user) => {
      if (!user) queryClient.removeQueries({ queryKey: room.queryKey });
    },
    () => queryClient.removeQueries({ queryKey: room.queryKey }),
  );
}
