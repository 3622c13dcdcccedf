import { PRODUCT_NAME } from '@staybook/domain/product';
import { Link, useNavigate } from 'react-router';
import { AuthCard, OrDivider } from '../../features/auth/components/auth-card';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { SignupForm } from '../../features/auth/components/signup-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { notify } from '../../lib/notify';

export function SignupRoute() {
  useDocumentTitle(`Sign Up | ${PRODUCT_NAME}`);
  const navigate = useNavigate();

  const handleSignedUp = () => {
    notify.success('Signup Successful');
    void navigate('/', { replace: true });
  };

  return (
    <AuthCard title="Sign Up" subtitle={`Welcome to ${PRODUCT_NAME}`}>
      <SignupForm onSignedUp={handleSignedUp} />
      <OrDivider />
      <GoogleSignInButton returnTo="/" />
      <p className="mt-6 text-center text-sm text-neutral-500">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-rose-600 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
