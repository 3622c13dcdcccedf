import { formatIsoDate } from '@staybook/domain/dates';
import type { Trip } from '@staybook/domain/trips';
import { FaArrowLeft } from 'react-icons/fa';
import { Link } from 'react-router';
import { Loader } from '../../../components/loader';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { tripPath } from '../../trips/utils/trip-text';
import { useReviewState } from '../api/use-review-state';
import { useWriteReview } from '../api/use-write-review';
import { ReviewForm } from './review-form';
import { reviewProblemText, StayReviews } from './stay-reviews';

/**
 * `/dashboard/trips/:bookingId/review`: the viewer's review of the stay. The form while they may write it; then their
 * review and when it will be published; then both sides'. When they cannot write it, why.
 */
export function ReviewPage({ trip }: { trip: Trip }) {
  const bookingId = trip.booking._id;
  const state = useReviewState(bookingId);
  const write = useWriteReview(bookingId);
  const guest = trip.viewerRole === 'guest';

  const submit = async (body: Parameters<typeof write.mutateAsync>[0]) => {
    try {
      await write.mutateAsync(body);
    } catch (error) {
      // Written meanwhile (another tab), or the window closed: the page shows where things now stand.
      if (error instanceof ApiRequestError && error.status === 409) void state.refetch();
      throw error;
    }
  };

  return (
    <article aria-labelledby="review-title" className="mx-auto flex max-w-3xl flex-col gap-8">
      <Link to={tripPath(bookingId)} className="inline-flex items-center gap-2 self-start text-sm font-semibold text-neutral-700 hover:text-neutral-900">
        <FaArrowLeft aria-hidden="true" />
        Back to the trip
      </Link>
      <header>
        <h1 id="review-title" className="text-2xl font-bold text-neutral-900">
          {guest ? `Review your stay at ${trip.room.title}` : `Review your guest, ${trip.otherParty.name}`}
        </h1>
        <p className="mt-1 text-neutral-600">
          {`${guest ? trip.room.location : trip.room.title} · ${formatIsoDate(trip.stay.from)} – ${formatIsoDate(trip.stay.to)}`}
        </p>
      </header>

      {state.isPending ? (
        <Loader size="short" />
      ) : state.isError ? (
        <p role="alert" className="rounded-lg bg-rose-50 px-4 py-3 text-rose-700">
          {`The review could not be loaded: ${errorMessage(state.error)} `}
          <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void state.refetch()}>
            Try again
          </button>
        </p>
      ) : state.data.mine || state.data.theirs ? (
        <StayReviews state={state.data} otherName={trip.otherParty.name} />
      ) : reviewProblemText(state.data) ? (
        <p className="rounded-lg bg-neutral-100 px-4 py-3 text-neutral-800">{reviewProblemText(state.data)}</p>
      ) : (
        <div className="flex flex-col gap-6">
          <p className="text-neutral-700">
            {`You can write it until ${formatIsoDate(state.data.closesOn)}. ${trip.otherParty.name} will not see it until they have written theirs or that day has passed; then both are published together.`}
          </p>
          <ReviewForm side={state.data.side} onSubmit={submit} />
        </div>
      )}
    </article>
  );
}
