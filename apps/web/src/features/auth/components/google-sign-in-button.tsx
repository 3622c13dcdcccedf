import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FcGoogle } from 'react-icons/fc';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { serverInfoQuery } from '../api/auth-queries';
import { useServerInfo } from '../api/use-server-info';
import { useAuth } from '../hooks/use-auth';
import { i18n } from '../../../lib/i18n';

const GOOGLE_NOT_CONFIGURED = /*i18n*/ 'Google sign-in is not configured on this server.';

/** 'Continue with Google': leaves for Google, which sends the user back to `returnTo`. */
export function GoogleSignInButton({ returnTo }: { returnTo: string }) {
  const { signInWithGoogle } = useAuth();
  const queryClient = useQueryClient();
  // Asked early, so the answer is usually here before the click.
  useServerInfo();
  const [pending, setPending] = useState(false);
  const [notConfigured, setNotConfigured] = useState(false);

  const handleClick = async () => {
    setPending(true);
    try {
      const { googleSignIn } = await queryClient.ensureQueryData(serverInfoQuery);
      if (!googleSignIn) {
        // Said once, beside the button, where it stays: it will not change while the page is open.
        setNotConfigured(true);
        setPending(false);
        return;
      }
      await signInWithGoogle(returnTo);
      // The browser is leaving for Google: the spinner stays until it does.
    } catch (error) {
      notify.error(errorMessage(error));
      setPending(false);
    }
  };

  return (
    <div>
      <Button variant="subtle" className="w-full" pending={pending} onClick={() => void handleClick()}>
        <FcGoogle size={22} aria-hidden="true" />
        {i18n.t('Continue with Google')}
      </Button>
      {notConfigured && (
        <p role="alert" className="mt-2 text-center text-sm text-rose-600">
          {i18n.known(GOOGLE_NOT_CONFIGURED)}
        </p>
      )}
    </div>
  );
}
