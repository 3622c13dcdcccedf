import { passwordSchema } from '@staybook/domain';
import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { NewPasswordField, TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAuth } from '../hooks/use-auth';

const newPasswordSchema = z.object({ newPassword: passwordSchema, confirmation: z.string() });

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  /** The server said the link is no longer good. */
  onInvalidToken: () => void;
}

export function ResetPasswordForm({ token, onDone, onInvalidToken }: ResetPasswordFormProps) {
  const { resetPassword } = useAuth();
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: onDone,
    onError: (error) => {
      notify.error(errorMessage(error));
      if (error instanceof ApiRequestError && error.code === 'INVALID_TOKEN') onInvalidToken();
    },
  });

  const { field, handleSubmit } = useSchemaForm({
    schema: newPasswordSchema,
    initial: { newPassword: '', confirmation: '' },
    check: ({ newPassword, confirmation }) => ({
      confirmation: confirmation === newPassword ? undefined : 'The passwords do not match',
    }),
    onValid: ({ newPassword }) => mutation.mutate({ newPassword, token }),
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
      <NewPasswordField label="New password" {...field('newPassword')} />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        {...field('confirmation')}
      />
      <Button type="submit" className="w-full" pending={mutation.isPending}>
        Save new password
      </Button>
    </form>
  );
}
