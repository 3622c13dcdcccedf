/**
 * The languages the product speaks (decision 062). English is the source: every text is written in English in the
 * code, and that English is also the key its translations are found by in the catalogs (apps/web/src/locales,
 * apps/api/src/locales). A page is in one language from its first byte to its last: the server paints it in the
 * visitor's language and the app starts in the same one; choosing another reloads the page.
 */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language's name, written in that language, as the pickers list them. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** The cookie the language pickers set; a year long, readable by the server's first paint. */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 31_536_000;

/** The locale dates and numbers are formatted in for each language. */
const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', es: 'es-ES' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language a visitor is answered in: the one they chose (the cookie's), else the first of their browser's
 * languages (Accept-Language, in order of preference) the product speaks, else English.
 */
export function pickLocale(chosen: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(chosen)) return chosen;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0 };
    })
    .filter((entry) => entry.quality > 0)
    // A stable sort: languages of equal weight keep the browser's order.
    .sort((a, b) => b.quality - a.quality);
  return wanted.map((entry) => entry.language).find(isLocale) ?? SOURCE_LOCALE;
}

/** The value of one cookie in a Cookie header, or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

let active: Locale = SOURCE_LOCALE;

/** The language this page (or this mail) is being written in. */
export function activeLocale(): Locale {
  return active;
}

/** The Intl locale of the active language: every date and number the product writes is formatted in it. */
export function intlLocale(locale: Locale = active): string {
  return INTL_LOCALES[locale];
}

/**
 * Makes `locale` the language of what is written next. The web app sets it once, before it draws anything; the
 * server sets it around each page or mail it writes (withLocale), in one synchronous run.
 */
export function setActiveLocale(locale: Locale): void {
  active = locale;
}

/** Runs `write` with `locale` active, then gives the previous language back. */
export function withLocale<T>(locale: Locale, write: () => T): T {
  const previous = active;
  active = locale;
  try {
    return write();
  } finally {
    active = previous;
  }
}

/** Values a message's `{placeholders}` are filled with. */
export type MessageValues = Record<string, string | number | null | undefined>;

/**
 * A language's catalog, loaded: a message (its English) written in that language with its values; `asSent`: a text
 * written elsewhere (the API's), given back unchanged when the catalog does not know it.
 */
export type Translate = (message: string, values?: MessageValues, asSent?: boolean) => string;

const catalogs: Partial<Record<Locale, Translate>> = {};

/** Makes a language's loaded catalog the one its texts are written with (apps/web/src/locales/*\/catalog.ts). */
export function addCatalog(locale: Locale, translate: Translate): void {
  catalogs[locale] = translate;
}

/**
 * The product's texts (decision 062). Every text a person reads is written `i18n.t('The English')` (or
 * `i18n.t('{count} nights', { count })`), where the English is both what English pages show and the key of its
 * translation. English needs no catalog, so the web app's first paint carries no more than the English it always
 * had; another language's catalog and Lingui's runtime load before the app draws a page in it. The call's shape is
 * what `lingui extract` reads: keep its first argument a plain string, and call it when the text is shown (never in
 * a module-level constant, which is made before the page's language is known).
 */
export const i18n = {
  t(message: string, values?: MessageValues): string {
    const translate = catalogs[active];
    return translate ? translate(message, values) : formatMessage(message, values);
  },
  /**
   * A text the API or the domain wrote for people (an error's message, marked `/*i18n*\/` where it is written):
   * in the active language when the catalog knows it, else as it came (it may name a value: nothing is filled in).
   */
  known(text: string): string {
    const translate = catalogs[active];
    return translate ? translate(text, undefined, true) : text;
  },
};

/**
 * A source (English) message with its values filled in: `{name}`, and `{count, plural, =0 {…} one {# night} other
 * {# nights}}` (ICU MessageFormat, the catalogs' syntax, of which the source messages use only these two forms).
 * A translated message is formatted by Lingui from its compiled catalog; the English, which has no catalog, here.
 */
export function formatMessage(message: string, values: MessageValues = {}, locale: Locale = active): string {
  return message.replace(PLACEHOLDER, (_, name: string, forms?: string) => {
    const value = values[name];
    if (forms === undefined) return value == null ? '' : String(value);
    const count = Number(value);
    const form = (key: string) => forms.match(new RegExp(`(?:^|\\s)${key}\\s*\\{((?:[^{}]|\\{[^{}]*\\})*)\\}`))?.[1];
    const chosen = form(`=${count}`) ?? form(pluralOf(count, locale)) ?? form('other') ?? '';
    return formatMessage(chosen.replace(/#/g, countText(count, locale)), values, locale);
  });
}

/**
 * A count's plural form, as `Intl.PluralRules` gives it for whole numbers ('one' for 1 in both languages; 'many' for
 * whole millions in Spanish): without building one, whose first costs a phone some 40 ms (decision 066).
 * locale.test.ts holds it to Intl's.
 */
export function pluralOf(count: number, locale: Locale = active): Intl.LDMLPluralRule {
  if (!Number.isSafeInteger(count)) return new Intl.PluralRules(INTL_LOCALES[locale]).select(count);
  const n = Math.abs(count);
  if (n === 1) return 'one';
  return locale === 'es' && n !== 0 && n % 1_000_000 === 0 ? 'many' : 'other';
}

/**
 * A count as the language writes it ('12,345' in English, '12.345' in Spanish, which leaves four digits ungrouped:
 * '1234'), as `toLocaleString` does for whole numbers, without building an `Intl.NumberFormat`.
 */
export function countText(count: number, locale: Locale = active): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString(INTL_LOCALES[locale]);
  const digits = String(Math.abs(count));
  const grouped = locale === 'es' && digits.length < 5 ? digits : digits.replace(/\B(?=(\d{3})+$)/g, locale === 'es' ? '.' : ',');
  return count < 0 ? `-${grouped}` : grouped;
}

/** `{name}`, or `{name, plural, …}` with its forms (which may hold placeholders of their own). */
const PLACEHOLDER = /\{(\w+)(?:,\s*plural,((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*))?\}/g;
