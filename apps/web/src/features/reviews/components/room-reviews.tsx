import type { Room } from '@staybook/domain/rooms';
import { useId } from 'react';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { errorMessage } from '../../../lib/form-errors';
import { useAuth } from '../../auth/hooks/use-auth';
import { useRoomReviews } from '../api/use-room-reviews';
import { RatingSummaryView } from './rating-summary';
import { RoomReview } from './room-review';

/**
 * The room page's reviews: its rating (average, count, the six categories), then its published reviews, newest
 * first, a page at a time. The room's host may reply to each once; an admin may hide one.
 */
export function RoomReviews({ room }: { room: Pick<Room, '_id' | 'host'> }) {
  const headingId = useId();
  const { user } = useAuth();
  const reviews = useRoomReviews(room._id);
  const isHost = user !== null && room.host.id !== undefined && user.id === room.host.id;
  const isAdmin = user?.role === 'admin';

  if (reviews.isPending) return <Loader size="short" />;
  if (reviews.isError) {
    return (
      <p role="alert" className="rounded-lg bg-rose-50 px-4 py-3 text-rose-700">
        {`The reviews could not be loaded: ${errorMessage(reviews.error)} `}
        <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void reviews.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const [first] = reviews.data.pages;
  const items = reviews.data.pages.flatMap((page) => page.items);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-8 border-t border-neutral-200 pt-8">
      <RatingSummaryView rating={first!.rating} headingId={headingId} />
      {items.length > 0 && (
        <ul aria-label="Reviews" className="grid grid-cols-1 gap-x-12 gap-y-10 md:grid-cols-2">
          {items.map((review) => (
            <RoomReview key={review.id} review={review} hostName={room.host.name} canReply={isHost} canHide={isAdmin} />
          ))}
        </ul>
      )}
      {reviews.hasNextPage && (
        <Button variant="outline" className="self-start" pending={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
          Show more reviews
        </Button>
      )}
    </section>
  );
}
