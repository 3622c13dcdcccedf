import { APP_PATHS } from '@staybook/domain/app-routes';
import { FIRST_ROOM_ELEMENT_ID, firstRoomPageShape } from '@staybook/domain/first-paint-answers';
import type { FirstRoomPage } from '@staybook/domain/rooms';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { sessionQuery } from '../features/auth/api/auth-queries';
import { roomQuery } from '../features/rooms/api/use-room';
import { takeEmbedded } from './embedded-data';

/**
 * A room page painted by the server for a signed-in viewer embeds the session and the room it was drawn with
 * (apps/api/src/modules/web/web.ts): the app starts from them, so its first render is the server's and it hydrates
 * the page. They are checked like any API answer, and used only at the address of that room; otherwise the app
 * asks the API as usual. The element is removed, so nothing is read twice. Answers whether they were used.
 */
export function seedFirstRoom(queryClient: QueryClient, pathname: string): boolean {
  const first = takeEmbedded(FIRST_ROOM_ELEMENT_ID, firstRoomPageShape);
  if (!first || matchPath(APP_PATHS.room, pathname)?.params.id !== first.room._id) return false;
  putFirstRoom(queryClient, first);
  return true;
}

/** The session and the room, as the room page's guard and the page itself ask for them. */
export function putFirstRoom(queryClient: QueryClient, { user, room }: FirstRoomPage): void {
  queryClient.setQueryData(sessionQuery.queryKey, user);
  queryClient.setQueryData(roomQuery(room._id).queryKey, room);
}
