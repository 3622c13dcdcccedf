import { useEffect } from 'react';
import { notify } from '../../../lib/notify';
import { i18n } from '../../../lib/i18n';

const EXPIRED = /*i18n*/ 'Google sign-in expired or was started in another window. Please try again.';

/** better-auth's codes when a Google sign-in comes back failed (`/login?error=...`). */
const MESSAGES: Partial<Record<string, string>> = {
  access_denied: /*i18n*/ 'Google sign-in was cancelled.',
  account_not_linked: /*i18n*/ 'This e-mail already has an account. Please log in with your password.',
  signup_disabled: /*i18n*/ 'Signing up with Google is not available.',
  // The server refuses a Google account whose e-mail Google has not verified.
  unable_to_create_user: /*i18n*/ 'Google did not confirm this e-mail address, so we could not sign you in.',
  // Set by /auth/complete when the browser came back without a session.
  session_missing: /*i18n*/ 'Google sign-in did not finish. Please try again.',
  // The sign-in's pending state is gone or belongs to another browser window.
  state_mismatch: EXPIRED,
  state_not_found: EXPIRED,
  state_security_mismatch: EXPIRED,
  state_invalid: EXPIRED,
};

/**
 * What the page says for the code in its address. Anyone can write a link with any `?error=`, so a code the product
 * does not know is never repeated: the page would be saying the link writer's words on our site.
 */
function describeSocialError(code: string): string {
  const known = Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined;
  return known ? i18n.known(known) : i18n.t('Google sign-in failed. Please try again.');
}

/** The provider's error as a toast and as text that stays on the page. */
export function SocialErrorNotice({ code }: { code: string }) {
  const message = describeSocialError(code);
  useEffect(() => {
    // A fixed id: a second render (or StrictMode) does not stack a second toast.
    notify.error(message, { id: 'social-sign-in-error' });
  }, [message]);
  return <p className="mb-4 rounded-md bg-rose-50 px-3 py-2 text-center text-sm text-rose-700">{message}</p>;
}
