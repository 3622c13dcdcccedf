import { tripOpenedFrom, tripPath } from '@staybook/domain/app-routes';
import { formatIsoDate } from '@staybook/domain/dates';
import type { Trip } from '@staybook/domain/trips';
import { FaArrowLeft } from 'react-icons/fa';
import { Link, useLocation } from 'react-router';
import type { ReviewState } from '@staybook/domain/reviews';
import type { ComponentProps } from 'react';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useReviewState } from '../api/use-review-state';
import { useWriteReview } from '../api/use-write-review';
import { ReviewForm } from './review-form';
import { reviewPhase, StayReviews } from './stay-reviews';
import { i18n } from '../../../lib/i18n';

/**
 * `/dashboard/trips/:bookingId/review`: the viewer's review of the stay. The form while they may write it; then their
 * review and when it will be published; then both sides'. When they cannot write it, why.
 */
export function ReviewPage({ trip }: { trip: Trip }) {
  const bookingId = trip.booking._id;
  const state = useReviewState(bookingId);
  const write = useWriteReview(bookingId);
  const guest = trip.viewerRole === 'guest';
  // Passed back to the trip page, whose way back it names (Messages, Requests or the Calendar, when opened from there).
  const openedFrom = tripOpenedFrom(useLocation().state);

  const submit = async (body: Parameters<typeof write.mutateAsync>[0]) => {
    try {
      await write.mutateAsync(body);
      // Guest or host alike: the page below changes to the review as written; the toast says it went through.
      notify.success(i18n.t('Review submitted'));
    } catch (error) {
      // Written meanwhile (another tab), or the window closed: the page shows where things now stand.
      if (error instanceof ApiRequestError && error.status === 409) void state.refetch();
      throw error;
    }
  };

  return (
    <article aria-labelledby="review-title" className="mx-auto flex max-w-3xl flex-col gap-8">
      <Link to={tripPath(bookingId)} state={openedFrom} className="inline-flex items-center gap-2 self-start text-sm font-semibold text-neutral-700 hover:text-neutral-900">
        <FaArrowLeft aria-hidden="true" />
        {i18n.t('Back to the trip')}
      </Link>
      <header>
        <h1 id="review-title" className="text-2xl font-bold text-neutral-900">
          {guest
            ? i18n.t('Review your stay at {title}', { title: trip.room.title })
            : i18n.t('Review your guest, {name}', { name: trip.otherParty.name })}
        </h1>
        <p className="mt-1 text-neutral-600">
          {`${guest ? trip.room.location : trip.room.title} · ${formatIsoDate(trip.stay.from)} – ${formatIsoDate(trip.stay.to)}`}
        </p>
      </header>

      {!state.data ? (
        state.isError ? <LoadError what={i18n.t('The review')} error={state.error} onRetry={() => void state.refetch()} /> : <Loader size="short" />
      ) : (
        <ReviewPhaseView state={state.data} otherName={trip.otherParty.name} onSubmit={submit} draft={`review:${bookingId}`} />
      )}
    </article>
  );
}

/** What the page shows once the state is in: a failed refresh keeps it, and the review being written with it. */
function ReviewPhaseView({
  state,
  otherName,
  onSubmit,
  draft,
}: {
  state: ReviewState;
  otherName: string;
  onSubmit: ComponentProps<typeof ReviewForm>['onSubmit'];
  draft: string;
}) {
  const phase = reviewPhase(state);
  if (phase.kind === 'reviews') return <StayReviews state={state} otherName={otherName} />;
  if (phase.kind === 'problem') return <p className="rounded-lg bg-neutral-100 px-4 py-3 text-neutral-800">{phase.text}</p>;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-neutral-700">
        {i18n.t('You can write it until {date}. {name} will not see it until they have written theirs or that day has passed; then both are published together.', {
          date: formatIsoDate(state.closesOn),
          name: otherName,
        })}
      </p>
      <ReviewForm side={state.side} onSubmit={onSubmit} draft={draft} />
    </div>
  );
}
