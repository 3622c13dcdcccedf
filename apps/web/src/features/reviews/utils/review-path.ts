import { APP_PATHS } from '@staybook/domain/app-routes';
import { generatePath } from 'react-router';

/** The stay's review page (the review invitation mail links here too). */
export function reviewPath(bookingId: string): string {
  return generatePath(APP_PATHS.review, { bookingId });
}
