import { EMAIL_VERIFICATION_HOURS } from '@staybook/domain/users';
import { PRODUCT_NAME } from '@staybook/domain/product';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard, OrDivider, OtherWayIn } from '../../features/auth/components/auth-card';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { SignupForm } from '../../features/auth/components/signup-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { notify } from '../../lib/notify';
import { i18n } from '../../lib/i18n';

export function SignupRoute() {
  useDocumentTitle(i18n.t('Sign Up | {product}', { product: PRODUCT_NAME }));
  // The address a sign-up was sent for: the server answers a new and a known one alike, and signs no one in.
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSignedUp = (email: string) => {
    notify.success(i18n.t('Signup Successful'));
    setSentTo(email);
  };

  if (sentTo) return <CheckYourInbox email={sentTo} />;

  return (
    <AuthCard title={i18n.t('Sign Up')} subtitle={i18n.t('Welcome to {product}', { product: PRODUCT_NAME })}>
      <SignupForm onSignedUp={handleSignedUp} />
      <OrDivider />
      <GoogleSignInButton returnTo="/" />
      <OtherWayIn question={i18n.t('Already have an account?')} to="/login" label={i18n.t('Login')} />
    </AuthCard>
  );
}

/** What every accepted sign-up sees, whether the address was new or already had an account. */
function CheckYourInbox({ email }: { email: string }) {
  useDocumentTitle(i18n.t('Check your inbox | {product}', { product: PRODUCT_NAME }));
  return (
    <AuthCard title={i18n.t('Check your inbox')}>
      <div className="flex flex-col items-center gap-4 text-center text-neutral-700">
        <p>
          {i18n.t('We sent a mail to')} <strong className="break-all">{email}</strong>.
        </p>
        <p>
          {i18n.t('To finish signing up, open the link in it within {hours} hours, then log in. If this address already has an account, the mail tells you how to get back into it.', { hours: EMAIL_VERIFICATION_HOURS })}
        </p>
        <Link to="/login" className="font-semibold text-rose-600 hover:underline">
          {i18n.t('Go to Log In')}
        </Link>
      </div>
    </AuthCard>
  );
}
