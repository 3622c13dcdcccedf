import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The product's translation catalogs (decision 062). The English written in the code is each message's key; the
 * catalogs hold the other languages. `npm run i18n:extract` gathers the messages the code marks (`i18n.t('…')`, and
 * `/*i18n*\/ '…'` for texts the domain and the API hand over to be shown), `npm run i18n:compile` turns the catalogs
 * into the modules the app and the mails load; `npm run lint` fails while a catalog is out of step with the code or
 * a message lacks its translation.
 */
export default defineConfig({
  sourceLocale: 'en',
  // Sorted by message, so that extraction writes the same catalog however its workers share the files.
  orderBy: 'messageId',
  locales: ['en', 'es'],
  // The English is the key: a message without a translation falls back to nothing (the check fails on it).
  fallbackLocales: false,
  format: formatter({ lineNumbers: false, origins: false }),
  compileNamespace: 'ts',
  catalogs: [
    {
      // What the web app shows, the texts the domain and the API hand it included.
      path: '<rootDir>/apps/web/src/locales/{locale}/messages',
      include: [
        '<rootDir>/apps/web/src',
        '<rootDir>/packages/domain/src',
        '<rootDir>/apps/api/src/modules',
        '<rootDir>/apps/api/src/plugins',
        // The API's refusals written outside its modules (scripts/check-api-messages.mjs finds them).
        '<rootDir>/apps/api/src/errors.ts',
        '<rootDir>/apps/api/src/db/time-cursor.ts',
        '<rootDir>/apps/api/src/integrations/payments/test-processor.ts',
      ],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
    {
      // The mails, with the domain's texts they use (a price line, a cancellation policy) and their .ics event's.
      path: '<rootDir>/apps/api/src/locales/{locale}/messages',
      include: ['<rootDir>/apps/api/src/integrations/mail', '<rootDir>/apps/api/src/integrations/calendar/ics.ts', '<rootDir>/packages/domain/src'],
      exclude: ['**/*.test.ts'],
    },
  ],
});
