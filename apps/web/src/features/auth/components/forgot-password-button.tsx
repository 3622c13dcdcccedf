import { emailSchema } from '@staybook/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../hooks/use-auth';
import { i18n } from '../../../lib/i18n';

/** Sends a reset link to the address typed in the e-mail field (spec, section 5). */
export function ForgotPasswordButton({ email }: { email: string }) {
  const { requestPasswordReset } = useAuth();
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => notify.success(i18n.t('Request Success! Check your email for further process...')),
    onError: (error) => notify.error(errorMessage(error)),
  });

  const handleClick = () => {
    const typed = email.trim();
    if (!typed) {
      notify.error(i18n.t('Please write your email first!'));
      return;
    }
    const parsed = emailSchema.safeParse(typed);
    if (!parsed.success) {
      notify.error(i18n.known(parsed.error.issues[0]?.message ?? 'Please enter a valid email address'));
      return;
    }
    mutation.mutate(parsed.data);
  };

  return (
    <button
      type="button"
      onClick={handleClick}
      disabled={mutation.isPending}
      className="rounded text-sm text-neutral-500 underline-offset-2 hover:text-rose-600 hover:underline disabled:opacity-60"
    >
      {i18n.t('Forgot password?')}
    </button>
  );
}
