import { addDays, todayIso } from '@staybook/domain';

/** The date `n` days from today (UTC, where the test rooms are unless told otherwise), as the API writes dates. */
export function day(n: number): string {
  return addDays(todayIso(), n);
}
