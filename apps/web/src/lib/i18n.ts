import { activeLocale, formatMessage, type Locale, type MessageValues } from '@staybook/domain/locale';

/** A language's catalog, loaded: a message (its English) written in that language with its values. */
export type Translate = (message: string, values?: MessageValues, asSent?: boolean) => string;

const catalogs: Partial<Record<Locale, Translate>> = {};

/** Makes a language's loaded catalog the one its pages are written with (apps/web/src/locales/*\/catalog.ts). */
export function addCatalog(locale: Locale, translate: Translate): void {
  catalogs[locale] = translate;
}

/**
 * The app's texts (decision 062). Every text a person reads is written `i18n.t('The English')` (or
 * `i18n.t('{count} nights', { count })`), where the English is both what English pages show and the key of its
 * translation. English pages need no catalog, so the first paint carries no more than the English it always had;
 * another language's catalog and Lingui's runtime load before the app draws a page in it (main.tsx). The call's
 * shape is what `lingui extract` reads, so keep its first argument a plain string.
 */
export const i18n = {
  t(message: string, values?: MessageValues): string {
    const translate = catalogs[activeLocale()];
    return translate ? translate(message, values) : formatMessage(message, values);
  },
  /**
   * A text the API or the domain wrote for people (an error's message, marked `/*i18n*\/` where it is written):
   * in the page's language when the catalog knows it, else as it came (it may name a value: nothing is filled in).
   */
  known(text: string): string {
    const translate = catalogs[activeLocale()];
    return translate ? translate(text, undefined, true) : text;
  },
};
