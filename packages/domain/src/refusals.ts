import { formatIsoDate, isIsoDate, type IsoDate } from './dates.js';
import { countText, i18n } from './locale.js';
import { formatMoney } from './money.js';

/*
 * The API's refusals written around a value, outside the host calendar's (host-calendar.ts' `calendarRefusalText`):
 * the API answers the English sentence as the error's `message` (the contract, as before) and the facts it is written
 * from as the error's `facts`, a record of strings; a page in another language writes the same sentence from them with
 * `refusalText`, the function the API wrote the English with (decision 062). Checked by hand, without zod: the web app
 * reads every error answer, the home page's at first paint too (decision 066).
 */

/** The refusals, by the `refusal` each one's facts name; a count is written in the facts as its digits. */
export type RefusalFacts =
  /** A room's new dates leave out `count` confirmed stays that have not ended, the first `from`–`to`. */
  | { refusal: 'stays-outside-dates'; count: string; from: IsoDate; to: IsoDate }
  /** A room's new dates leave out no confirmed stay but `count` requests to stay the host has not answered, the first `from`–`to`. */
  | { refusal: 'requests-outside-dates'; count: string; from: IsoDate; to: IsoDate }
  /** A room with `count` upcoming stays cannot be removed: the one asking cancels them in Manage Bookings, or its host must. */
  | { refusal: 'upcoming-stays'; count: string; cancels: 'you' | 'host' }
  /** Cancelling a stay would now refund `refundCents` of `totalCents`, not what the person was shown. */
  | { refusal: 'refund-changed'; refundCents: string; totalCents: string }
  /** A limited route was asked too often: a new try may succeed in `seconds`. */
  | { refusal: 'too-many-requests'; seconds: string }
  /** An uploaded image passed the limit of `megabytes`. */
  | { refusal: 'image-too-large'; megabytes: string }
  /** A person has `max` access tokens, `max` webhook endpoints or `max` wishlists, the most one can have. */
  | { refusal: 'too-many-access-tokens' | 'too-many-webhook-endpoints' | 'too-many-wishlists'; max: string };

const COUNT = /^\d{1,15}$/;

/** The facts of a refusal `refusalText` writes, or null for anything else (another refusal's, or none). */
export function readRefusalFacts(facts: Readonly<Record<string, string>> | null | undefined): RefusalFacts | null {
  if (!facts) return null;
  const counts = (...names: string[]) => names.every((name) => COUNT.test(facts[name] ?? ''));
  switch (facts.refusal) {
    case 'stays-outside-dates':
    case 'requests-outside-dates':
      return counts('count') && isIsoDate(facts.from) && isIsoDate(facts.to) ? { refusal: facts.refusal, count: facts.count!, from: facts.from, to: facts.to } : null;
    case 'upcoming-stays':
      return counts('count') && (facts.cancels === 'you' || facts.cancels === 'host') ? { refusal: facts.refusal, count: facts.count!, cancels: facts.cancels } : null;
    case 'refund-changed':
      return counts('refundCents', 'totalCents') ? { refusal: facts.refusal, refundCents: facts.refundCents!, totalCents: facts.totalCents! } : null;
    case 'too-many-requests':
      return counts('seconds') ? { refusal: facts.refusal, seconds: facts.seconds! } : null;
    case 'image-too-large':
      return counts('megabytes') ? { refusal: facts.refusal, megabytes: facts.megabytes! } : null;
    case 'too-many-access-tokens':
    case 'too-many-webhook-endpoints':
    case 'too-many-wishlists':
      return counts('max') ? { refusal: facts.refusal, max: facts.max! } : null;
    default:
      return null;
  }
}

/** A refusal's sentence, in the active language: the API's English `message`, or a page's. */
export function refusalText(facts: RefusalFacts): string {
  switch (facts.refusal) {
    case 'stays-outside-dates':
      return i18n.t(
        '{count, plural, one {A confirmed stay from {from} to {to} falls outside the new dates.} other {# confirmed stays fall outside the new dates; the first is from {from} to {to}.}}',
        { count: Number(facts.count), from: formatIsoDate(facts.from), to: formatIsoDate(facts.to) },
      );
    case 'requests-outside-dates':
      return i18n.t(
        '{count, plural, one {A request to stay from {from} to {to} falls outside the new dates. Accept or decline it first.} other {# requests to stay fall outside the new dates; the first is from {from} to {to}. Accept or decline them first.}}',
        { count: Number(facts.count), from: formatIsoDate(facts.from), to: formatIsoDate(facts.to) },
      );
    case 'upcoming-stays':
      return facts.cancels === 'you'
        ? i18n.t('{count, plural, one {This room has # upcoming stay. Cancel it in Manage Bookings first.} other {This room has # upcoming stays. Cancel them in Manage Bookings first.}}', {
            count: Number(facts.count),
          })
        : i18n.t('{count, plural, one {This room has # upcoming stay. Its host must cancel it first.} other {This room has # upcoming stays. Its host must cancel them first.}}', {
            count: Number(facts.count),
          });
    case 'refund-changed':
      return i18n.t('The refund for cancelling this stay is now {refund} of {total}. Please look again before cancelling.', {
        refund: formatMoney(Number(facts.refundCents)),
        total: formatMoney(Number(facts.totalCents)),
      });
    case 'too-many-requests':
      // The seconds as the English always wrote them ('3600'), which is also how Spanish writes four digits.
      return i18n.t('{count, plural, one {Too many requests. Please try again in {seconds} second.} other {Too many requests. Please try again in {seconds} seconds.}}', {
        count: Number(facts.seconds),
        seconds: facts.seconds,
      });
    case 'image-too-large':
      return i18n.t('The image is too large. The limit is {megabytes} MB.', { megabytes: countText(Number(facts.megabytes)) });
    case 'too-many-access-tokens':
      return i18n.t('{max, plural, one {You have # access token, the most one can have. Revoke it first.} other {You have # access tokens, the most one can have. Revoke one you no longer use first.}}', {
        max: Number(facts.max),
      });
    case 'too-many-webhook-endpoints':
      return i18n.t('{max, plural, one {You have # webhook endpoint, the most one can have. Remove it first.} other {You have # webhook endpoints, the most one can have. Remove one first.}}', {
        max: Number(facts.max),
      });
    case 'too-many-wishlists':
      return i18n.t('{max, plural, one {You have # list, the most one can have. Remove it first.} other {You have # lists, the most one can have. Remove one you no longer use first.}}', {
        max: Number(facts.max),
      });
  }
}
