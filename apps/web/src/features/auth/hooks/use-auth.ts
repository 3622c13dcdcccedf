import type { SessionUser } from '@staybook/domain/accounts';
import { createContext, useContext } from 'react';
import type { Credentials } from '../api/auth-api';

export interface SignUpInput extends Credentials {
  /** Optional on the form; sent as '' when empty. */
  name?: string | undefined;
  /** Uploaded first; its display_url becomes the profile photo. */
  image: File;
}

export interface ProfileInput {
  name: string;
  /** A new photo to upload, or null to keep the current one. */
  image: File | null;
}

/** The spec's auth context (section 3): the current user, a loading flag and every auth action. */
export interface AuthContextValue {
  /** Null when signed out (and while loading, or when the session could not be read). */
  user: SessionUser | null;
  /** True until the server has said who is signed in. */
  loading: boolean;
  /**
   * Why the server could not say who is signed in (no connection, a 5xx after the retries), else null.
   * Then nobody knows whether the user is signed out, so nothing should treat them as a visitor.
   */
  error: Error | null;
  /** Asks the server again who is signed in, after `error`. */
  retry: () => void;
  signIn: (credentials: Credentials) => Promise<void>;
  signUp: (input: SignUpInput) => Promise<void>;
  /** Leaves the app for Google; `returnTo` is the app path to land on afterwards. */
  signInWithGoogle: (returnTo: string) => Promise<void>;
  requestPasswordReset: (email: string) => Promise<void>;
  resetPassword: (input: { newPassword: string; token: string }) => Promise<void>;
  logOut: () => Promise<void>;
  updateProfile: (input: ProfileInput) => Promise<void>;
  changePassword: (input: { currentPassword: string; newPassword: string }) => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
