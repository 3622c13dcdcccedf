import { emailSchema } from '@staybook/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../hooks/use-auth';

/** Sends a reset link to the address typed in the e-mail field (spec, section 5). */
export function ForgotPasswordButton({ email }: { email: string }) {
  const { requestPasswordReset } = useAuth();
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => notify.success('Request Success! Check your email for further process...'),
    onError: (error) => notify.error(errorMessage(error)),
  });

  const handleClick = () => {
    const typed = email.trim();
    if (!typed) {
      notify.error('Please write your email first!');
      return;
    }
    const parsed = emailSchema.safeParse(typed);
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
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
      Forgot password?
    </button>
  );
}
