import { PRODUCT_NAME } from '@staybook/domain/product';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { notify } from '../../lib/notify';
import { i18n } from '../../lib/i18n';

/** Where the reset e-mail's link lands: `?token=` when it is good, `?error=INVALID_TOKEN` when not. */
export function ResetPasswordRoute() {
  useDocumentTitle(i18n.t('Reset Password | {product}', { product: PRODUCT_NAME }));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [rejected, setRejected] = useState(false);
  const usable = token && !searchParams.get('error') && !rejected;

  const handleDone = () => {
    notify.success(i18n.t('Password updated. Please log in.'));
    void navigate('/login', { replace: true });
  };

  return (
    <AuthCard title={i18n.t('Set a new password')}>
      {usable ? (
        <ResetPasswordForm token={token} onDone={handleDone} onInvalidToken={() => setRejected(true)} />
      ) : (
        <div className="flex flex-col items-center gap-4 text-center">
          <p className="text-neutral-700">{i18n.t('This reset link is invalid or has expired.')}</p>
          <Link to="/login" className="font-semibold text-rose-600 hover:underline">
            {i18n.t('Back to Log In')}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
