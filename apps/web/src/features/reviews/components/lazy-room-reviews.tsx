import type { Room } from '@staybook/domain/rooms';
import { Suspense } from 'react';
import { lazyPage } from '../../../lib/lazy-page';

const RoomReviews = lazyPage(() => import('./room-reviews'), 'RoomReviews');

/** The room page's reviews, whose code (the forms to reply and hide among it) comes after the page's own. */
export function LazyRoomReviews({ room }: { room: Pick<Room, '_id' | 'host'> }) {
  return (
    <Suspense fallback={null}>
      <RoomReviews room={room} />
    </Suspense>
  );
}
