import { reviewPath, tripOpenedFrom } from '@staybook/domain/app-routes';
import type { Trip } from '@staybook/domain/trips';
import { Link, useLocation } from 'react-router';
import { Loader } from '../../../components/loader';
import { useReviewState } from '../api/use-review-state';
import { reviewPhase, StayReviews } from './stay-reviews';
import { i18n } from '../../../lib/i18n';
import { buttonClass } from '../../../components/button';
import { LabelledSection } from '../../../components/labelled-section';

const WRITE_LINK = buttonClass('primary', 'self-start');

/** The trip page's reviews of a stay that is over: 'Write a review' while the viewer may, then the reviews. */
export function TripReviews({ trip }: { trip: Trip }) {
  const bookingId = trip.booking._id;
  const state = useReviewState(bookingId);
  // Passed on to the review page, whose way back to the trip keeps where the trip was opened from.
  const openedFrom = tripOpenedFrom(useLocation().state);
  // A first load that failed leaves the section out: the rest of the trip page stands without it.
  if (!state.data && state.isError) return null;
  const phase = state.data ? reviewPhase(state.data) : null;
  return (
    <LabelledSection title={i18n.t('Reviews')} className="flex flex-col gap-4 rounded-xl border border-neutral-200 p-5" titleClassName="text-lg font-semibold text-neutral-900">
      {!state.data || !phase ? (
        <Loader size="short" />
      ) : phase.kind === 'write' ? (
        <Link to={reviewPath(bookingId)} state={openedFrom} className={WRITE_LINK}>
          {i18n.t('Write a review')}
        </Link>
      ) : phase.kind === 'reviews' ? (
        <StayReviews state={state.data} otherName={trip.otherParty.name} />
      ) : (
        <p className="text-neutral-700">{phase.text}</p>
      )}
    </LabelledSection>
  );
}
