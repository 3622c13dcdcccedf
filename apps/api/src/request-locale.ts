import { cookieValue, LOCALE_COOKIE, pickLocale, type Locale } from '@staybook/domain';
import type { FastifyRequest } from 'fastify';

/**
 * The language of the person making a request (decision 062): the one they chose in the pickers (the `lang`
 * cookie), else their browser's. Pages are written in it, and so are the mails a request of theirs sends them.
 */
export function requestLocale(headers: FastifyRequest['headers']): Locale {
  const accept = headers['accept-language'];
  return pickLocale(cookieValue(headers.cookie, LOCALE_COOKIE), Array.isArray(accept) ? accept.join(',') : accept);
}
