import { reviewProblemMessage, type ReviewState } from '@staybook/domain/reviews';
import type { ReactNode } from 'react';
import { LabelledSection } from '../../../components/labelled-section';
import { waitingText } from '../utils/review-text';
import { WrittenReview } from './written-review';
import { i18n } from '../../../lib/i18n';

/**
 * What the viewer may read of a stay's reviews: their own while it waits for the other side (and when it will be
 * published), then both once published. Nothing of the other side's review shows before that.
 */
export function StayReviews({ state, otherName }: { state: ReviewState; otherName: string }) {
  const { mine, theirs } = state;
  if (!mine && !theirs) return null;
  if (mine && !mine.publishedAt) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-lg bg-sky-50 px-4 py-3 text-sm font-medium text-sky-900">
          {waitingText(otherName, state.closesOn)}
        </p>
        <ReviewBlock title={i18n.t('Your review')}>
          <WrittenReview review={mine} />
        </ReviewBlock>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {mine && (
        <ReviewBlock title={i18n.t('Your review')}>
          <WrittenReview review={mine} />
        </ReviewBlock>
      )}
      <ReviewBlock title={i18n.t("{name}'s review", { name: otherName })}>
        {theirs ? <WrittenReview review={theirs} /> : <p className="text-neutral-600">{i18n.t('{name} did not write a review.', { name: otherName })}</p>}
      </ReviewBlock>
    </div>
  );
}

/**
 * What the viewer's side of a stay's reviews shows: the reviews once either exists for them to read, else the form
 * while they may write, else why not (in the domain's words).
 */
export type ReviewPhase = { kind: 'reviews' } | { kind: 'write' } | { kind: 'problem'; text: string };

export function reviewPhase(state: ReviewState): ReviewPhase {
  if (state.mine || state.theirs) return { kind: 'reviews' };
  if (!state.problem) return { kind: 'write' };
  return { kind: 'problem', text: reviewProblemMessage(state.problem) };
}

function ReviewBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <LabelledSection title={title} level={3} className="flex flex-col gap-2" titleClassName="font-semibold text-neutral-900">
      {children}
    </LabelledSection>
  );
}
