import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH } from '@staybook/domain/reviews';
import { addDays, formatIsoDate, formatNumber, type IsoDate } from '@staybook/domain/dates';
import { i18n } from '../../../lib/i18n';

/** A text's length as the server counts it (code points, after trimming). */
export function reviewLength(text: string): number {
  return [...text.trim()].length;
}

/** The counter under the review's text: how far from the minimum, then how much of the maximum is used. */
export function reviewCountNote(text: string): string {
  const n = reviewLength(text);
  const max = formatNumber(REVIEW_MAX_LENGTH);
  if (n < REVIEW_MIN_LENGTH) return i18n.t('{count} of at least {min} characters', { count: n, min: REVIEW_MIN_LENGTH });
  return i18n.t('{count} / {max} characters', { count: formatNumber(n), max });
}

/**
 * What a review waiting for the other side says. `closesOn` is the window's last day; a review still waiting then
 * is published once it has passed, so the date named is the day after.
 */
export function waitingText(otherName: string, closesOn: IsoDate): string {
  return i18n.t('Your review will be published when {name} writes theirs or on {date}.', { name: otherName, date: formatIsoDate(addDays(closesOn, 1)) });
}
