/**
 * The auth library's messages a person can meet in the product's own forms (a wrong password, an address already
 * taken, a reset link used or expired, a session too old to change a password), which the API passes on as the
 * library writes them (apps/api/src/modules/auth/auth.routes.ts). Marked for the catalog here, so that a page in
 * another language shows them in it: the web app reads every error's message through `i18n.known`. The library's
 * other messages (origins, callbacks, its own set-up) reach only a hand-written request and stay English.
 * `auth-library-messages.test.ts` in the API holds each one to the library's own wording.
 */
export const AUTH_LIBRARY_MESSAGES = [
  /*i18n*/ 'Invalid email or password',
  /*i18n*/ 'Invalid password',
  /*i18n*/ 'Invalid email',
  /*i18n*/ 'Email not verified',
  /*i18n*/ 'Email is already verified',
  /*i18n*/ 'User already exists.',
  /*i18n*/ 'User already exists. Use another email.',
  /*i18n*/ 'User not found',
  /*i18n*/ 'Password too short',
  /*i18n*/ 'Password too long',
  /*i18n*/ 'Invalid token',
  /*i18n*/ 'Token expired',
  /*i18n*/ 'Session expired. Re-authenticate to perform this action.',
  /*i18n*/ 'Credential account not found',
  /*i18n*/ "You can't unlink your last account",
] as const;
