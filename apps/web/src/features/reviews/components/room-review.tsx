import { formatMonthYear } from '@staybook/domain/dates';
import type { PublicReview } from '@staybook/domain/reviews';
import { useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { ReplyForm } from './reply-form';
import { Stars } from './stars';
import { i18n } from '../../../lib/i18n';

const TEXT_BUTTON = 'self-start text-sm font-semibold text-neutral-900 underline underline-offset-2 hover:text-neutral-700';

interface RoomReviewProps {
  review: PublicReview;
  hostName: string;
  /** The room's host may reply once to a review without a reply. */
  canReply: boolean;
  roomId: string;
  /** Admins may hide a review that breaks the rules: the room's reviews open the dialog (it outlives the review). */
  onHide?: (() => void) | undefined;
}

/** One published review on the room's page: who (first name, photo), when (month and year), the text, the reply. */
export function RoomReview({ review, hostName, canReply, roomId, onHide }: RoomReviewProps) {
  const [replying, setReplying] = useState(false);
  const { firstName, image } = review.author;
  return (
    <li aria-label={i18n.t('Review by {name}', { name: firstName })} className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <Avatar src={image} alt="" size={48} />
        <div>
          <p className="font-semibold text-neutral-900">{firstName}</p>
          <p className="text-sm text-neutral-600">{formatMonthYear(review.stayMonth)}</p>
        </div>
      </div>
      <Stars score={review.rating} size={12} />
      <p className="whitespace-pre-line text-neutral-800">{review.body}</p>
      {review.reply && (
        <div className="ml-4 border-l-2 border-neutral-200 pl-4">
          <p className="text-sm font-semibold text-neutral-900">{i18n.t('Response from {name}', { name: hostName })}</p>
          <p className="mt-1 whitespace-pre-line text-neutral-700">{review.reply.body}</p>
        </div>
      )}
      {canReply && !review.reply && (replying ? (
        <ReplyForm reviewId={review.id} roomId={roomId} onDone={() => setReplying(false)} />
      ) : (
        <button type="button" className={TEXT_BUTTON} onClick={() => setReplying(true)}>
          {i18n.t('Reply')}
        </button>
      ))}
      {onHide && (
        <button type="button" className={TEXT_BUTTON} onClick={onHide}>
          {i18n.t('Hide review')}
        </button>
      )}
    </li>
  );
}
