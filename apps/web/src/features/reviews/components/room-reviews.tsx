import { mayUse } from '@staybook/domain/access';
import type { Room } from '@staybook/domain/rooms';
import { isOwnRoom } from '@staybook/domain/stay-rules';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { useAuth } from '../../auth/hooks/use-auth';
import { useRoomReviews } from '../api/use-room-reviews';
import { HideReviewDialog } from './hide-review-dialog';
import { RatingSummaryView } from './rating-summary';
import { RoomReview } from './room-review';
import { i18n } from '../../../lib/i18n';

/**
 * The room page's reviews: its rating (average, count, the six categories), then its published reviews, newest
 * first, a page at a time. The room's host may reply to each once; an admin may hide one.
 */
export function RoomReviews({ room }: { room: Pick<Room, '_id' | 'host'> }) {
  const headingId = useId();
  const { user } = useAuth();
  const reviews = useRoomReviews(room._id);
  const isHost = isOwnRoom({ hostId: room.host.id }, user?.id);
  const mayHide = user !== null && mayUse(user.role, 'hideReviews');

  const [hiding, setHiding] = useState<{ id: string; firstName: string } | null>(null);
  const heading = useRef<HTMLDivElement>(null);

  // A failed refresh keeps what was shown; only a first load that failed replaces the section.
  if (!reviews.data) {
    return reviews.isError ? <LoadError what={i18n.t('The reviews')} error={reviews.error} onRetry={() => void reviews.refetch()} /> : <Loader size="short" />;
  }
  const [first] = reviews.data.pages;
  const items = reviews.data.pages.flatMap((page) => page.items);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-8 border-t border-neutral-200 pt-8">
      <div ref={heading} tabIndex={-1} className="outline-none">
        <RatingSummaryView rating={first!.rating} headingId={headingId} />
      </div>
      {items.length > 0 && (
        <ul aria-label={i18n.t('Reviews')} className="grid grid-cols-1 gap-x-12 gap-y-10 md:grid-cols-2">
          {items.map((review) => (
            <RoomReview
              key={review.id}
              review={review}
              hostName={room.host.name}
              roomId={room._id}
              canReply={isHost}
              onHide={mayHide ? () => setHiding({ id: review.id, firstName: review.author.firstName }) : undefined}
            />
          ))}
        </ul>
      )}
      {reviews.isFetchNextPageError && (
        <LoadError what={i18n.t('More reviews')} error={reviews.error} onRetry={() => void reviews.fetchNextPage()} />
      )}
      {reviews.hasNextPage && !reviews.isFetchNextPageError && (
        <Button variant="outline" className="self-start" pending={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
          {i18n.t('Show more reviews')}
        </Button>
      )}
      {hiding && (
        <HideReviewDialog
          reviewId={hiding.id}
          roomId={room._id}
          authorName={hiding.firstName}
          onClose={() => setHiding(null)}
          onHidden={() => {
            setHiding(null);
            // The review and its button are gone: once the dialog has let go, the keyboard goes on from the rating.
            requestAnimationFrame(() => heading.current?.focus());
          }}
        />
      )}
    </section>
  );
}
