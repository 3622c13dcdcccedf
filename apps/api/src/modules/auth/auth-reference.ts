import { z } from 'zod';
import { AUTH_RATE_LIMITS } from './auth.routes.js';
import { SIGN_UP_ANSWER, type Auth } from './auth.js';

/**
 * The auth library's endpoints as the API reference describes them (docs/decisions/059-a-contract-for-generated-clients.md).
 * The library's own generator describes every endpoint it has, the way its defaults behave; this corrects that
 * description to the product: endpoints the product's settings leave unusable are left out, each says who may call
 * it, and the answers the product changes are described as they are.
 */

type Operation = Record<string, unknown> & { responses?: Record<string, unknown> };
/** The part of the library's OpenAPI document the reference takes: its paths and the schemas they refer to. */
export type AuthDocument = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

/**
 * Endpoints the library describes that the product does not offer, by `method path`, with the answer each gives
 * instead (auth-reference tests call each and expect it).
 */
export const UNDOCUMENTED_AUTH_ENDPOINTS: Record<string, { status: number; why: string }> = {
  'post /get-session': { status: 405, why: 'the session is read with GET; the library refuses POST unless sessions are deferred' },
  'post /change-email': { status: 400, why: 'changing the e-mail address is not enabled (CHANGE_EMAIL_DISABLED)' },
  'post /delete-user': { status: 404, why: 'deleting an account is not enabled' },
  'get /delete-user/callback': { status: 404, why: 'deleting an account is not enabled' },
  'post /update-session': { status: 400, why: 'sessions have no fields of the product to update' },
  'post /callback/{id}': { status: 405, why: "Google answers a sign-in by sending the browser back with GET; the product never asks it for a form post" },
  'get /error': { status: 302, why: 'where a failed Google sign-in lands: sent on to the login page, which says what went wrong' },
};

/** Who may call each endpoint: anyone, a signed-in person only (401 otherwise), or both (the answer differs). */
type Caller = 'anyone' | 'signed-in' | 'either';

/** Each documented endpoint, by path: who calls it, and a summary where the library gives none or a wrong one. */
export const AUTH_ENDPOINTS: Record<string, { caller: Caller; summary?: string }> = {
  '/sign-up/email': { caller: 'anyone', summary: 'Sign up with e-mail and password: the same answer for a new address and a known one, and no session' },
  '/sign-in/email': { caller: 'anyone' },
  '/sign-in/social': { caller: 'anyone', summary: 'Start a Google sign-in: answers the address to send the browser to' },
  '/callback/{id}': { caller: 'anyone', summary: "Google's answer to a sign-in: the browser is sent on to the app, signed in, or to the error page" },
  '/get-session': { caller: 'either', summary: 'The signed-in person and their session, or null' },
  '/sign-out': { caller: 'either' },
  '/request-password-reset': { caller: 'anyone', summary: 'Mail a password reset link (the same answer whether the address has an account or not)' },
  '/reset-password/{token}': { caller: 'anyone', summary: "The reset mail's link: the browser is sent on to the reset page with the token" },
  '/reset-password': { caller: 'anyone', summary: 'Set a new password with the token of a reset link; signs out every session' },
  '/verify-email': { caller: 'anyone', summary: "The verification mail's link: verifies the address (signs no one in), then the browser goes to the app" },
  '/send-verification-email': { caller: 'signed-in', summary: 'Mail the signed-in person a new verification link' },
  '/change-password': { caller: 'signed-in' },
  '/verify-password': { caller: 'signed-in' },
  '/update-user': { caller: 'signed-in', summary: "Change the signed-in person's name or photo (an uploaded one)" },
  '/revoke-session': { caller: 'signed-in' },
  '/revoke-sessions': { caller: 'signed-in' },
  '/revoke-other-sessions': { caller: 'signed-in' },
  '/link-social': { caller: 'signed-in' },
  '/list-accounts': { caller: 'signed-in' },
  '/unlink-account': { caller: 'signed-in' },
  '/refresh-token': { caller: 'signed-in' },
  '/get-access-token': { caller: 'signed-in' },
  '/account-info': { caller: 'signed-in' },
  '/ok': { caller: 'anyone' },
};

/** Endpoints whose success is a redirect of the browser, and where it goes. */
const REDIRECTS: Record<string, string> = {
  '/callback/{id}': 'To the app (signed in) or to the error page',
  '/reset-password/{token}': 'To the reset page (`callbackURL`) with the token, or with `?error=INVALID_TOKEN`',
  '/verify-email': 'To `callbackURL` (the app’s page), with `?error=` when the link is not valid',
};

/** What sign-up always answers (auth.ts, `SIGN_UP_ANSWER`). */
const signUpAnswerSchema = z.object({ status: z.literal(SIGN_UP_ANSWER.status), message: z.string() });

function signUpAnswerJson(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(signUpAnswerSchema, { target: 'draft-2020-12' });
  return schema;
}

const SECURITY: Record<Caller, unknown[]> = { anyone: [], 'signed-in': [{ session: [] }], either: [{ session: [] }, {}] };

/** The library's description of its endpoints, corrected to what the product offers and answers. */
export function describeAuthEndpoints(library: AuthDocument): AuthDocument {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, operations] of Object.entries(library.paths ?? {})) {
    const kept: Record<string, Operation> = {};
    for (const [method, operation] of Object.entries(operations)) {
      if (UNDOCUMENTED_AUTH_ENDPOINTS[`${method} ${path}`]) continue;
      kept[method] = correctOperation(path, operation);
    }
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  return { paths, components: library.components };
}

function correctOperation(path: string, operation: Operation): Operation {
  const endpoint = AUTH_ENDPOINTS[path];
  const responses = { ...operation.responses };
  // The library's own limiter is off: only the endpoints limited in front of it answer 429 (auth.routes.ts).
  if (!AUTH_RATE_LIMITS[path]) delete responses['429'];
  const redirect = REDIRECTS[path];
  if (redirect) {
    if (path !== '/verify-email') delete responses['200'];
    responses['302'] = { description: redirect };
  }
  if (path === '/sign-up/email') {
    responses['200'] = {
      description: "Accepted: a verification mail is on its way (or, for a known address, a notice to its owner)",
      content: { 'application/json': { schema: signUpAnswerJson() } },
    };
  }
  const summary = endpoint?.summary ?? (typeof operation.summary === 'string' ? operation.summary : undefined) ?? operation.description;
  return { ...operation, ...(summary ? { summary } : {}), ...(endpoint ? { security: SECURITY[endpoint.caller] } : {}), responses };
}

/** The library's endpoints, described for the reference (read once the app is ready). */
export async function authReference(auth: Auth): Promise<AuthDocument> {
  return describeAuthEndpoints((await auth.api.generateOpenAPISchema()) as unknown as AuthDocument);
}
