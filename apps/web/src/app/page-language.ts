import { isLocale, setActiveLocale, type Locale } from '@staybook/domain/locale';

/** Each language's catalog, loaded as a chunk of its own: English, the source, has none (decision 062). */
const CATALOGS: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  es: () => import('../locales/es/catalog'),
};

/**
 * The page is in the language the server wrote it in (`<html lang>`: the visitor's choice, else their browser's):
 * makes it the app's, and answers the loading of its catalog, which the app waits for before drawing (the server
 * preloads it); or null for English, which the app draws at once.
 */
export function startInPageLanguage(): Promise<unknown> | null {
  const lang = document.documentElement.lang;
  if (!isLocale(lang) || lang === 'en') return null;
  setActiveLocale(lang);
  return CATALOGS[lang]();
}
