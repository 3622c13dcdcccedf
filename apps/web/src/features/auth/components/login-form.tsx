import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@staybook/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { EmailField, PasswordField } from '../../../components/account-fields';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../hooks/use-auth';
import { ForgotPasswordButton } from './forgot-password-button';
import { i18n } from '../../../lib/i18n';

interface LoginFormProps {
  /** Called once the session is established; the page decides where to go. */
  onSignedIn: () => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { signIn } = useAuth();
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: onSignedIn,
    // What the user typed stays in the fields; only the message is new.
    onError: (error) => notify.error(errorMessage(error)),
  });

  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const email = useWatch({ control, name: 'email' });

  return (
    <form noValidate onSubmit={handleSubmit((credentials) => mutation.mutate(credentials))} className="flex flex-col gap-2">
      <EmailField error={formState.errors.email?.message} {...register('email')} />
      <PasswordField label={i18n.t('Password')} error={formState.errors.password?.message} {...register('password')} />
      <Button type="submit" className="w-full" pending={mutation.isPending}>
        {i18n.t('Sign In')}
      </Button>
      <div className="mt-1 flex justify-end">
        <ForgotPasswordButton email={email} />
      </div>
    </form>
  );
}
