import { PRODUCT_NAME } from '@staybook/domain/product';
import { useParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { Loader } from '../../components/loader';
import { useRoom } from '../../features/rooms/api/use-room';
import { RoomDetail } from '../../features/rooms/components/room-detail';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function RoomDetailRoute() {
  const { id = '' } = useParams();
  const { data: room, error, isPending } = useRoom(id);
  useDocumentTitle(room ? `${room.title} | ${PRODUCT_NAME}` : PRODUCT_NAME);

  if (isPending) return <Loader />;
  if (!room) return <ErrorScreen message={error?.message} />;
  return <RoomDetail room={room} />;
}
