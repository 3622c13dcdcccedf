import { passwordSchema, PASSWORD_MIN_LENGTH } from '@staybook/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage, focusFirstInvalid } from '../../../lib/form-errors';
import { useAuth } from '../hooks/use-auth';

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  /** The server said the link is no longer good. */
  onInvalidToken: () => void;
}

export function ResetPasswordForm({ token, onDone, onInvalidToken }: ResetPasswordFormProps) {
  const { resetPassword } = useAuth();
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmation?: string }>({});
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: onDone,
    onError: (error) => {
      toast.error(errorMessage(error));
      if (error instanceof ApiRequestError && error.code === 'INVALID_TOKEN') onInvalidToken();
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordSchema.safeParse(newPassword);
    const nextErrors = {
      newPassword: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirmation: confirmation === newPassword ? undefined : 'The passwords do not match',
    };
    setErrors(nextErrors);
    if (parsed.success && !nextErrors.confirmation) mutation.mutate({ newPassword: parsed.data, token });
    else focusFirstInvalid(event.currentTarget);
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        error={errors.newPassword}
      />
      <TextField
        label="Confirm new password"
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={errors.confirmation}
      />
      <Button type="submit" className="w-full" pending={mutation.isPending}>
        Save new password
      </Button>
    </form>
  );
}
