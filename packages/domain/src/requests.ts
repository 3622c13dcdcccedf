/*
 * Request to book (decision 049): a listing that does not book instantly takes requests. The guest's card is held
 * and the nights are taken while the host decides; the host has 24 hours, or until the check-in day ends where the
 * room is if that comes first. Free of zod, like stays.ts.
 */
import { nextDayStartIn, todayIn, type IsoDate } from './dates.js';

/** How long a host has to answer a request, at most. */
export const REQUEST_ANSWER_HOURS = 24;

/**
 * When a request made at `madeAt` lapses unless the host answers: 24 hours later, or when the stay's check-in day
 * ends in the room's zone if that is sooner (a request for tonight cannot wait until tomorrow). Well inside the
 * card hold's life (7 days at Stripe and in the built-in processor), so an accepted request can always be captured.
 */
export function requestExpiresAt(madeAt: Date, checkIn: IsoDate, timeZone: string): Date {
  const answerBy = new Date(madeAt.getTime() + REQUEST_ANSWER_HOURS * 3_600_000);
  let day = todayIn(timeZone, madeAt);
  let dayEnds = nextDayStartIn(timeZone, madeAt);
  while (day < checkIn && dayEnds < answerBy) {
    day = todayIn(timeZone, dayEnds);
    dayEnds = nextDayStartIn(timeZone, dayEnds);
  }
  return day === checkIn && dayEnds < answerBy ? dayEnds : answerBy;
}
