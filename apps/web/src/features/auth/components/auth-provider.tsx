import { APP_PATHS } from '@staybook/domain/app-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, type ReactNode } from 'react';
import { ApiRequestError, onAuthFailure } from '../../../lib/api-client';
import { onEmailNotVerified } from '../../../lib/query-client';
import * as authApi from '../api/auth-api';
import { sessionQuery } from '../api/auth-queries';
import { AuthContext, type AuthContextValue, type ProfileInput, type SignUpInput } from '../hooks/use-auth';

interface AuthProviderProps {
  /** Called after a 401 from the API has signed the user out here (the app goes to /login). */
  onSessionRejected: () => void;
  children: ReactNode;
}


export function AuthProvider({ onSessionRejected, children }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery);
  const { refetch: refetchSession } = session;
  // A failed background refetch keeps the user already read: only a session never read is unknown.
  const sessionError = session.data === undefined ? session.error : null;

  /** Asks the server again and waits for the answer, so guards see the new user at once. */
  const refreshSession = useCallback(async () => {
    await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  }, [queryClient]);

  /** Forgets everything cached for the previous user; the session itself becomes null. */
  const clearClientState = useCallback(async () => {
    await queryClient.cancelQueries();
    queryClient.setQueryData(sessionQuery.queryKey, null);
    queryClient.removeQueries({ predicate: (query) => !isSessionKey(query.queryKey) });
    queryClient.getMutationCache().clear();
  }, [queryClient]);

  /** True from the moment a sign-out starts: the calls it overtakes answer 401, and that is expected. */
  const signingOut = useRef(false);
  const handleSessionRejected = useEffectEvent(() => {
    // Nobody is signed in here (any more), so there is no session to end and no reason to go to /login.
    if (signingOut.current || queryClient.getQueryData(sessionQuery.queryKey) === null) return;
    void clearClientState().then(onSessionRejected);
  });
  useEffect(() => onAuthFailure(() => handleSessionRejected()), []);
  useEffect(() => onEmailNotVerified(() => void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })), [queryClient]);

  const retry = useCallback(() => void refetchSession(), [refetchSession]);

  const signIn = useCallback(
    async (credentials: authApi.Credentials) => {
      await authApi.signInWithEmail(credentials);
      await refreshSession();
    },
    [refreshSession],
  );

  // Signs no one in: the person confirms the address from the mail, then logs in (docs/decisions/024-verified-email.md).
  const signUp = useCallback(async ({ name, email, password, image }: SignUpInput) => {
    const imageUrl = await (await loadUploads()).uploadImage(image);
    await authApi.signUpWithEmail({ name: name ?? '', email, password, image: imageUrl });
  }, []);

  const signInWithGoogle = useCallback(async (returnTo: string) => {
    // Google sign-in comes back through this route, which greets the user and forwards them.
    const callbackURL = `${APP_PATHS.authComplete}?${new URLSearchParams({ to: returnTo }).toString()}`;
    const url = await authApi.startSocialSignIn({
      provider: 'google',
      callbackURL,
      newUserCallbackURL: callbackURL,
      errorCallbackURL: '/login',
    });
    window.location.href = url;
  }, []);

  const requestPasswordReset = useCallback(
    (email: string) =>
      authApi.requestPasswordReset({ email, redirectTo: `${window.location.origin}/reset-password` }),
    [],
  );

  const logOut = useCallback(async () => {
    signingOut.current = true;
    try {
      try {
        await authApi.signOut();
      } catch (error) {
        // Already signed out on the server: only this tab still thinks otherwise.
        if (!(error instanceof ApiRequestError && (error.status === 401 || error.status === 403))) throw error;
      }
      await clearClientState();
    } finally {
      signingOut.current = false;
    }
  }, [clearClientState]);

  const updateProfile = useCallback(
    async ({ name, image }: ProfileInput) => {
      const imageUrl = image ? await (await loadUploads()).uploadImage(image) : undefined;
      await authApi.updateUser(imageUrl ? { name, image: imageUrl } : { name });
      await refreshSession();
      // The name and photo also appear in other answers (the user's record, rooms they host).
      await queryClient.invalidateQueries({ predicate: (query) => !isSessionKey(query.queryKey) });
    },
    [queryClient, refreshSession],
  );

  const changePassword = useCallback(
    async (input: { currentPassword: string; newPassword: string }) => {
      await authApi.changePassword(input);
      // The server replaced the session cookie when it revoked the other sessions.
      await refreshSession();
    },
    [refreshSession],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session.data ?? null,
      loading: session.isPending,
      error: sessionError,
      retry,
      signIn,
      signUp,
      signInWithGoogle,
      requestPasswordReset,
      resetPassword: authApi.resetPassword,
      logOut,
      updateProfile,
      changePassword,
    }),
    [
      session.data,
      session.isPending,
      sessionError,
      retry,
      signIn,
      signUp,
      signInWithGoogle,
      requestPasswordReset,
      logOut,
      updateProfile,
      changePassword,
    ],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The photo upload, loaded when a sign-up or a profile change sends one: the first paint has no use for it. */
function loadUploads() {
  return import('../../uploads/api/upload-image');
}

function isSessionKey(key: readonly unknown[]): boolean {
  const sessionKey = sessionQuery.queryKey;
  return key.length === sessionKey.length && key.every((part, index) => part === sessionKey[index]);
}
