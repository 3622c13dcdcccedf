import type { Locale } from '@staybook/domain/locale';
import type { ServerInfo, SessionUser } from '@staybook/domain/accounts';
import { serverInfoShape, sessionShape } from '@staybook/domain/first-paint-answers';
import { object, string } from '@staybook/domain/shape';
import { apiRequest, ignoredResponse } from '../../../lib/api-client';

/** better-auth is mounted here on the API; its answers are checked with the domain's hand-checked shapes (no zod at first paint). */
const AUTH = '/api/auth';

export interface Credentials {
  email: string;
  password: string;
}

interface SignUpBody extends Credentials {
  /** The server requires a string; the form lets it be empty. */
  name: string;
  /** The uploaded photo's display_url. */
  image: string;
}

/** better-auth's answer to a social sign-in: where to send the browser. */
const redirectShape = object({ url: string() });

export async function fetchSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const session = await apiRequest(`${AUTH}/get-session`, sessionShape, { signal: signal ?? null });
  return session?.user ?? null;
}

export function fetchServerInfo(signal?: AbortSignal): Promise<ServerInfo> {
  return apiRequest('/api/config', serverInfoShape, { signal: signal ?? null });
}

// Sign-in and sign-up failures are the form's to show (a wrong password is not a lost session).
export function signInWithEmail(body: Credentials): Promise<void> {
  return apiRequest(`${AUTH}/sign-in/email`, ignoredResponse, { method: 'POST', json: body, onAuthFailure: 'reject' });
}

export function signUpWithEmail(body: SignUpBody): Promise<void> {
  return apiRequest(`${AUTH}/sign-up/email`, ignoredResponse, { method: 'POST', json: body, onAuthFailure: 'reject' });
}

/** Rejecting here keeps a failed sign-out from triggering another sign-out. */
export function signOut(): Promise<void> {
  return apiRequest(`${AUTH}/sign-out`, ignoredResponse, { method: 'POST', json: {}, onAuthFailure: 'reject' });
}

interface SocialSignInBody {
  provider: 'google';
  callbackURL: string;
  newUserCallbackURL: string;
  errorCallbackURL: string;
}

/** Answers the provider's address to send the browser to. */
export async function startSocialSignIn(body: SocialSignInBody): Promise<string> {
  const { url } = await apiRequest(`${AUTH}/sign-in/social`, redirectShape, {
    method: 'POST',
    json: body,
    onAuthFailure: 'reject',
  });
  return url;
}

export function requestPasswordReset(body: { email: string; redirectTo: string }): Promise<void> {
  return apiRequest(`${AUTH}/request-password-reset`, ignoredResponse, { method: 'POST', json: body });
}

export function resetPassword(body: { newPassword: string; token: string }): Promise<void> {
  return apiRequest(`${AUTH}/reset-password`, ignoredResponse, { method: 'POST', json: body, onAuthFailure: 'reject' });
}

/** A new verification link for the signed-in person (the server fixes where the link lands). */
export function sendVerificationEmail(email: string): Promise<void> {
  return apiRequest(`${AUTH}/send-verification-email`, ignoredResponse, { method: 'POST', json: { email } });
}

export function updateUser(body: { name: string; image?: string }): Promise<void> {
  return apiRequest(`${AUTH}/update-user`, ignoredResponse, { method: 'POST', json: body });
}

export function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  return apiRequest(`${AUTH}/change-password`, ignoredResponse, {
    method: 'POST',
    // Whoever changes a password wants every other device signed out. A wrong current password is a 400,
    // so a 401 here means the session itself is gone: sign out like any other call.
    json: { ...body, revokeOtherSessions: true },
  });
}

/** Keeps the language the signed-in person chose on their account (decision 062): their mails are written in it. */
export function saveLanguage(locale: Locale): Promise<void> {
  return apiRequest('/api/me/language', ignoredResponse, { method: 'PUT', json: { locale }, onAuthFailure: 'reject' });
}
