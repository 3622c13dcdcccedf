import { currencyWords } from '@staybook/domain/money';
import { i18n } from './i18n';

/** The domain's word for US dollars in a sentence (`currencyWords`, which the server's messages write in English), for the app's catalog. */
export const DOLLARS_TEXT = /*i18n*/ 'dollars';

/** The currency in a sentence, in the page's language: 'dollars' ('dólares') for US dollars, the code for the rest. */
export function currencyText(): string {
  return i18n.known(currencyWords());
}
