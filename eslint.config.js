import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app imports the domain module by module: a module on the home page's first-paint path that imported the
 * index would bring every domain module, full zod with them, into the first-paint chunk (decision 017).
 */
const DOMAIN_INDEX = {
  name: '@staybook/domain',
  message: "Import the domain module you need by path ('@staybook/domain/rooms'), not its index (decision 017).",
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', '.tmp/**', 'e2e/playwright-report/**', 'e2e/test-results/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [DOMAIN_INDEX] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/notify.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            DOMAIN_INDEX,
            {
              name: 'react-hot-toast',
              importNames: ['default', 'toast'],
              message: 'Show toasts with notify (src/lib/notify.ts), so a success clears stale errors.',
            },
          ],
        },
      ],
    },
  },
);
