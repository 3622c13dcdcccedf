import { i18n } from './i18n';

/** The message to show for anything an API call or upload threw. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18n.t('Something went wrong. Please try again.');
}

