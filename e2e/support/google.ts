import type { BrowserContext } from '@playwright/test';
import { OIDC_ISSUER } from './servers';

/** Who the stand-in "Google" says the person signing in is. */
export interface GoogleIdentity {
  email: string;
  name: string;
  /** Whether Google vouches for the e-mail (email_verified); true unless set to false. */
  emailVerified?: boolean;
}

/** Who "Google" answers for when nobody said otherwise (POST /next-identity changes it). */
export const DEFAULT_GOOGLE_IDENTITY: GoogleIdentity = { email: 'gina.google@staybook.test', name: 'Gina Google' };

/**
 * A cookie the browser sends to the stand-in's authorize endpoint only. Each test's browser carries
 * its own identity, so tests on parallel workers never hand each other theirs (a server-wide
 * "next identity" would race).
 */
export const GOOGLE_IDENTITY_COOKIE = 'staybook-e2e-google-identity';
export const GOOGLE_AUTHORIZE_PATH = '/authorize';

/** From now on, "Google" says the person in this browser context is `identity`. */
export async function actAsGoogleUser(context: BrowserContext, identity: GoogleIdentity): Promise<void> {
  await context.addCookies([
    {
      name: GOOGLE_IDENTITY_COOKIE,
      value: encodeURIComponent(JSON.stringify(identity)),
      // Cookies do not tell ports apart: the path keeps this one away from the app's own requests.
      url: `${OIDC_ISSUER}${GOOGLE_AUTHORIZE_PATH}`,
    },
  ]);
}
