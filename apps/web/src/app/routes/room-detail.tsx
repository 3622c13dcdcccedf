import { PRODUCT_NAME, roomPageTitle } from '@staybook/domain/product';
import { isRoomId } from '@staybook/domain/first-paint-answers';
import type { Room } from '@staybook/domain/rooms';
import { useParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { Loader } from '../../components/loader';
import { ApiRequestError } from '../../lib/api-client';
import { useRoom } from '../../features/rooms/api/use-room';
import { RoomDetail } from '../../features/rooms/components/room-detail';
import { HeartButton } from '../../features/wishlists/components/heart-button';
import { useRecordView } from '../../features/wishlists/hooks/use-record-view';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { i18n } from '../../lib/i18n';

/** What a person reads for a room address no room can have (a mistyped or cut-off link). */
const INVALID_ROOM_LINK_MESSAGE = /*i18n*/ 'This room link is not valid. Please check the address, or find the room from the home page.';

export function RoomDetailRoute() {
  const { id = '' } = useParams();
  // A malformed id names no room: no request, the error screen straight away.
  const wellFormed = isRoomId(id);
  const { data: room, error, isPending } = useRoom(id, { enabled: wellFormed });
  useDocumentTitle(room ? roomPageTitle(room.title) : PRODUCT_NAME);

  if (!wellFormed || isMalformedIdAnswer(error)) return <ErrorScreen message={i18n.known(INVALID_ROOM_LINK_MESSAGE)} />;
  if (isPending) return <Loader />;
  if (!room) return <ErrorScreen message={error?.message} />;
  return <RoomPage room={room} />;
}

/** The room, with the heart that saves it beside its title; a signed-in person's visit joins their 'Recently viewed'. */
function RoomPage({ room }: { room: Room }) {
  useRecordView(room._id);
  return <RoomDetail room={room} action={<HeartButton roomId={room._id} title={room.title} className="shrink-0 border border-neutral-300" />} />;
}

/** The server's 400 for an id it refuses carries a field message for developers, not for people. */
function isMalformedIdAnswer(error: Error | null): boolean {
  return error instanceof ApiRequestError && error.status === 400 && 'id' in error.fields;
}
