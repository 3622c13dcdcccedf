import { setupI18n } from '@lingui/core';
import { formatMessage } from '@staybook/domain/locale';
import { addCatalog } from '../../lib/i18n';
import { messages } from './messages';

/**
 * The Spanish catalog with Lingui's runtime, loaded (as its own chunk) before the app draws a page in Spanish, and
 * built into the server's renderer. `messages.ts` is `lingui compile`'s output of `messages.po`.
 */
const lingui = setupI18n({ locale: 'es', locales: ['es-ES'], messages: { es: messages } });

/** Where a page lists the messages it showed in English for want of a translation; the browser tests read it. */
declare global {
  interface Window {
    untranslatedMessages?: string[];
  }
}

addCatalog('es', (message, values, asSent) => {
  if (Object.hasOwn(messages, message)) return lingui._(message, values);
  if (asSent) return message;
  if (typeof window !== 'undefined') (window.untranslatedMessages ??= []).push(message);
  return formatMessage(message, values, 'es');
});
