import { REVIEW_CATEGORIES, REVIEW_CATEGORY_LABELS, type Review } from '@staybook/domain/reviews';
import { Stars } from './stars';
import { i18n } from '../../../lib/i18n';

/** One side's review of a stay as its author or the other side reads it: the stars, the scores, the text. */
export function WrittenReview({ review }: { review: Review }) {
  return (
    <div className="flex flex-col gap-3">
      <Stars score={review.rating} size={18} />
      {review.categories && (
        <dl className="grid grid-cols-[auto_auto] justify-start gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_auto_auto_auto]">
          {REVIEW_CATEGORIES.map((category) => (
            <div key={category} className="contents">
              <dt className="text-neutral-600">{i18n.t(REVIEW_CATEGORY_LABELS[category])}</dt>
              <dd className="font-medium text-neutral-900">{`${review.categories![category]} / 5`}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="whitespace-pre-line text-neutral-800">{review.body}</p>
      {review.reply && (
        <div className="rounded-lg bg-neutral-50 px-4 py-3">
          <p className="text-sm font-semibold text-neutral-900">{i18n.t('Response from the host')}</p>
          <p className="mt-1 whitespace-pre-line text-neutral-700">{review.reply.body}</p>
        </div>
      )}
    </div>
  );
}
