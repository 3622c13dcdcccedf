import { loginSchema } from '@staybook/domain';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAuth } from '../hooks/use-auth';
import { ForgotPasswordButton } from './forgot-password-button';

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

  const { values, field, handleSubmit } = useSchemaForm({
    schema: loginSchema,
    initial: { email: '', password: '' },
    onValid: (credentials) => mutation.mutate(credentials),
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        required
        {...field('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...field('password')}
      />
      <Button type="submit" className="w-full" pending={mutation.isPending}>
        Sign In
      </Button>
      <div className="mt-1 flex justify-end">
        <ForgotPasswordButton email={values.email} />
      </div>
    </form>
  );
}
