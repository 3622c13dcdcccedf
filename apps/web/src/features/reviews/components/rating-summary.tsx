import { formatAverage, type RatingSummary } from '@staybook/domain/ratings';
import { REVIEW_CATEGORIES, REVIEW_CATEGORY_LABELS } from '@staybook/domain/reviews';
import { FaStar } from 'react-icons/fa';
import { i18n } from '../../../lib/i18n';

/** '★ 4.87 · 23 reviews': the room's average (as a card writes it) and how many published reviews it comes from. */
export function ratingHeadline(rating: RatingSummary): string | null {
  if (rating.count === 0 || rating.average === null) return null;
  return i18n.t('{average} · {count, plural, one {# review} other {# reviews}}', { average: formatAverage(rating.average), count: rating.count });
}

/** The room's rating: the average and the count, then the six category averages with bars; or 'No reviews yet'. */
export function RatingSummaryView({ rating, headingId }: { rating: RatingSummary; headingId: string }) {
  const headline = ratingHeadline(rating);
  if (!headline) {
    return (
      <h2 id={headingId} className="text-xl font-semibold text-neutral-900">
        {i18n.t('No reviews yet')}
      </h2>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-neutral-900">
        <FaStar aria-hidden="true" className="text-neutral-900" />
        <span aria-hidden="true">{headline}</span>
        <span className="sr-only">{i18n.t('Rated {average} out of 5 from {count, plural, one {# review} other {# reviews}}', { average: formatAverage(rating.average!), count: rating.count })}</span>
      </h2>
      {rating.categories && (
        <dl className="grid grid-cols-1 gap-x-10 gap-y-2 sm:grid-cols-2">
          {REVIEW_CATEGORIES.map((category) => {
            const average = rating.categories![category];
            return (
              <div key={category} className="grid grid-cols-[8rem_1fr] items-center gap-3">
                <dt className="text-neutral-700">{i18n.t(REVIEW_CATEGORY_LABELS[category])}</dt>
                <dd className="flex items-center gap-3">
                  <span aria-hidden="true" className="h-1 flex-1 overflow-hidden rounded-full bg-neutral-200">
                    <span className="block h-full rounded-full bg-neutral-900" style={{ width: `${(average / 5) * 100}%` }} />
                  </span>
                  <span className="w-8 text-right text-sm font-semibold text-neutral-900">{formatAverage(average)}</span>
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </div>
  );
}
