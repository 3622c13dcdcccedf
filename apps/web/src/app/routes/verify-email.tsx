import { APP_PATHS } from '@staybook/domain/app-routes';
import { PRODUCT_NAME } from '@staybook/domain/product';
import { Link, useSearchParams } from 'react-router';
import { Loader } from '../../components/loader';
import { AuthCard } from '../../features/auth/components/auth-card';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { i18n } from '../../lib/i18n';

const LINK_CLASS = 'font-semibold text-rose-600 hover:underline';

/**
 * Where the verification e-mail's link lands once the server has checked it: no query when the address is
 * verified (now or before), `?error=TOKEN_EXPIRED` or another code when the link could not be used.
 */
export function VerifyEmailRoute() {
  useDocumentTitle(i18n.t('Verify e-mail | {product}', { product: PRODUCT_NAME }));
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  const { user, loading } = useAuth();

  if (loading) return <Loader />;

  if (!error) {
    return (
      <AuthCard title={i18n.t('E-mail verified')}>
        <div className="flex flex-col items-center gap-4 text-center text-neutral-700">
          <p>{i18n.t('Your e-mail address is verified. You can book stays, list rooms and ask to become a host.')}</p>
          {user ? (
            <Link to={APP_PATHS.home} className={LINK_CLASS}>
              {i18n.t('Continue to {product}', { product: PRODUCT_NAME })}
            </Link>
          ) : (
            <Link to={APP_PATHS.login} className={LINK_CLASS}>
              {i18n.t('Log In')}
            </Link>
          )}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={i18n.t('This link did not work')}>
      <div className="flex flex-col items-center gap-4 text-center text-neutral-700">
        <p>
          {error === 'TOKEN_EXPIRED'
            ? i18n.t('This verification link has expired.')
            : i18n.t('This verification link is not valid. Please use the newest link we sent you.')}
        </p>
        {user && !user.emailVerified ? (
          <VerifyEmailNotice email={user.email} />
        ) : user ? (
          <p>{i18n.t('Your e-mail address is already verified.')}</p>
        ) : (
          <>
            <p>{i18n.t('Log in, then ask for a new link on your profile page.')}</p>
            <Link to={APP_PATHS.login} className={LINK_CLASS}>
              {i18n.t('Log In')}
            </Link>
          </>
        )}
      </div>
    </AuthCard>
  );
}
