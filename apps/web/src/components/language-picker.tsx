import { activeLocale, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALE_NAMES, LOCALES, type Locale } from '@staybook/domain/locale';
import { i18n } from '../lib/i18n';

/**
 * The language the site is shown in (decision 062), in the footer and on Profile. The choice is kept in a cookie
 * for a year, which the server reads to paint every page in it; the page reloads in the chosen language. `save`,
 * given for a signed-in person, also keeps the choice on their account (their mails are written in it); the page
 * reloads once it is saved, or once saving failed: the choice still holds on this device.
 */
export function LanguagePicker({ id, className = '', save }: { id: string; className?: string; save?: ((locale: Locale) => Promise<void>) | undefined }) {
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id}>{i18n.t('Language')}</label>
      <select
        id={id}
        value={activeLocale()}
        onChange={(event) => void chooseLanguage(event.currentTarget.value, save)}
        className="rounded-md border border-neutral-300 bg-white px-2 py-1 text-neutral-800"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}

async function chooseLanguage(locale: string, save: ((locale: Locale) => Promise<void>) | undefined): Promise<void> {
  if (!isLocale(locale) || locale === activeLocale()) return;
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
  try {
    await save?.(locale);
  } catch {
    // Not saved on the account (the connection, a session that just ended): this device keeps the choice all the same.
  }
  location.reload();
}
