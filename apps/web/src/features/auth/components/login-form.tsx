import { loginSchema } from '@staybook/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { errorMessage, focusFirstInvalid, toFieldErrors } from '../../../lib/form-errors';
import { useAuth } from '../hooks/use-auth';
import { ForgotPasswordButton } from './forgot-password-button';

type LoginValues = ReturnType<typeof loginSchema.parse>;

interface LoginFormProps {
  /** Called once the session is established; the page decides where to go. */
  onSignedIn: () => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { signIn } = useAuth();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: onSignedIn,
    // What the user typed stays in the fields; only the message is new.
    onError: (error) => toast.error(errorMessage(error)),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    setErrors(parsed.success ? {} : toFieldErrors(parsed.error.issues));
    if (parsed.success) mutation.mutate(parsed.data);
    else focusFirstInvalid(event.currentTarget);
  };

  const update = (field: keyof LoginValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={update('email')}
        onBlur={update('email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={update('password')}
        error={errors.password}
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
