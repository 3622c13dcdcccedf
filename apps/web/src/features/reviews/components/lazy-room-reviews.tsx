import type { Room } from '@staybook/domain/rooms';
import { Suspense, useEffect, useState } from 'react';
import { lazyPage } from '../../../lib/lazy-page';

const RoomReviews = lazyPage(() => import('./room-reviews'), 'RoomReviews');

/**
 * The room page's reviews, whose code (the forms to reply and hide among it) comes after the page's own. They are
 * drawn from the frame after the page's first: the server paints the page's first view without them (it cannot
 * wait for their code), and the app's first render must be that view to hydrate it (decision 045).
 */
export function LazyRoomReviews({ room }: { room: Pick<Room, '_id' | 'host'> }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <RoomReviews room={room} />
    </Suspense>
  );
}
