import { PRODUCT_NAME } from '@staybook/domain/product';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, OrDivider, OtherWayIn } from '../../features/auth/components/auth-card';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { LoginForm } from '../../features/auth/components/login-form';
import { SocialErrorNotice } from '../../features/auth/components/social-error-notice';
import { pathFromState } from '../../features/auth/utils/safe-redirect';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { notify } from '../../lib/notify';
import { i18n } from '../../lib/i18n';

export function LoginRoute() {
  useDocumentTitle(i18n.t('Log In | {product}', { product: PRODUCT_NAME }));
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const socialError = searchParams.get('error');
  // Where the login guard was taking the visitor, else home.
  const returnTo = pathFromState(location.state);

  const handleSignedIn = () => {
    // The spec greets every kind of sign-in with the same words.
    notify.success(i18n.t('Signup Successful'));
    void navigate(returnTo, { replace: true });
  };

  return (
    <AuthCard title={i18n.t('Log In')} subtitle={i18n.t('Sign in to access your account')}>
      {socialError && <SocialErrorNotice code={socialError} />}
      <LoginForm onSignedIn={handleSignedIn} />
      <OrDivider />
      <GoogleSignInButton returnTo={returnTo} />
      <OtherWayIn question={i18n.t("Don't have an account yet?")} to="/signup" label={i18n.t('Sign up')} />
    </AuthCard>
  );
}
