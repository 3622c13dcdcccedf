import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH } from '@staybook/domain/reviews';
import { addDays, formatIsoDate, formatNumber, type IsoDate } from '@staybook/domain/dates';

/** A text's length as the server counts it (code points, after trimming). */
export function reviewLength(text: string): number {
  return [...text.trim()].length;
}

/** The counter under the review's text: how far from the minimum, then how much of the maximum is used. */
export function reviewCountNote(text: string): string {
  const n = reviewLength(text);
  const max = formatNumber(REVIEW_MAX_LENGTH);
  if (n < REVIEW_MIN_LENGTH) return `${n} of at least ${REVIEW_MIN_LENGTH} characters`;
  return `${formatNumber(n)} / ${max} characters`;
}

/**
 * What a review waiting for the other side says. `closesOn` is the window's last day; a review still waiting then
 * is published once it has passed, so the date named is the day after.
 */
export function waitingText(otherName: string, closesOn: IsoDate): string {
  return `Your review will be published when ${otherName} writes theirs or on ${formatIsoDate(addDays(closesOn, 1))}.`;
}
