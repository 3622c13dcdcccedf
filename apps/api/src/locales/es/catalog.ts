import { setupI18n } from '@lingui/core';
import { addCatalog, formatMessage } from '@staybook/domain';
import { messages } from './messages.js';

/**
 * The mails' Spanish catalog (decision 062), `lingui compile`'s output of `messages.po`: a mail written with Spanish
 * active (withLocale) takes its texts from here. The API's answers stay in English; the web app translates them.
 */
const lingui = setupI18n({ locale: 'es', locales: ['es-ES'], messages: { es: messages } });

addCatalog('es', (message, values, asSent) => {
  if (Object.hasOwn(messages, message)) return lingui._(message, values);
  return asSent ? message : formatMessage(message, values, 'es');
});
