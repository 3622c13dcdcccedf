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

/**
 * Who may do what is decided in the access table (decision 014): a role compared anywhere else is a rule of access
 * the table does not know. Matches `x.role === 'admin'`, `role !== 'guest'`, `switch (x.role)` and
 * `['host', 'admin'].includes(role)`.
 */
const ROLE_COMPARISON_MESSAGE =
  "Decide access in packages/domain/src/access.ts: ask mayUse(role, capability) or a helper there, not a role compared in place (decision 014).";
const ROLE = /^(admin|host|guest)$/.source;
const EQUALITY = "BinaryExpression[operator=/^[!=]==?$/]";
const ROLE_COMPARISONS = [
  ...['left', 'right'].flatMap((side) => {
    const other = side === 'left' ? 'right' : 'left';
    return [`[${side}.name='role']`, `[${side}.property.name='role']`, `[${side}.expression.property.name='role']`].map(
      (role) => `${EQUALITY}${role}[${other}.value=/${ROLE}/]`,
    );
  }),
  "SwitchStatement[discriminant.name='role']",
  "SwitchStatement[discriminant.property.name='role']",
  "SwitchStatement[discriminant.expression.property.name='role']",
  `CallExpression[callee.property.name='includes']:matches([arguments.0.name='role'], [arguments.0.property.name='role'], [arguments.0.expression.property.name='role']) > MemberExpression.callee > ArrayExpression.object:has(Literal[value=/${ROLE}/])`,
].map((selector) => ({ selector, message: ROLE_COMPARISON_MESSAGE }));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', '.tmp/**', 'packages/client/src/generated/**', 'e2e/playwright-report/**', 'e2e/test-results/**', 'test-results/**'] },
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
  {
    // Roles are compared in the access module only. Tests and the demo seed, where a role is data, may compare them.
    // ESLint gives a rule the options of the last block that sets it for a file: a later block setting
    // `no-restricted-syntax` for these files would replace these selectors, not add to them. Add a selector to
    // ROLE_COMPARISONS (or spread it into that block) instead.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: [
      'packages/domain/src/access.ts',
      '**/*.test.{ts,tsx}',
      'apps/api/src/test/**',
      'apps/web/src/testing/**',
      'apps/api/src/seed/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_COMPARISONS] },
  },
  {
    // Product code opens a transaction through withTransaction only (its comment says why); tests may set up data in one.
    files: ['apps/api/src/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['apps/api/src/db/client.ts', '**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'transaction', message: "Open a transaction with withTransaction (apps/api/src/db/client.ts), not the driver's `.transaction`." },
      ],
    },
  },
  {
    // A module file a newcomer can read in one sitting: one that grows past 400 lines is split by what it does
    // (bookings: starting a payment, confirming, cancelling, availability). Every line counts, as `wc -l` counts them.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
);
