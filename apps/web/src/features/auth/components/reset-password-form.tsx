import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema } from '@staybook/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { NewPasswordField, PasswordField } from '../../../components/account-fields';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../hooks/use-auth';
import { i18n } from '../../../lib/i18n';

const newPasswordSchema = z
  .object({ newPassword: passwordSchema, confirmation: z.string() })
  // Runs even when the password itself failed, so both messages show at once.
  .superRefine(({ newPassword, confirmation }, ctx) => {
    if (confirmation !== newPassword) ctx.addIssue({ code: 'custom', path: ['confirmation'], message: i18n.t('The passwords do not match') });
  });

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

  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '', confirmation: '' },
  });
  const { errors } = formState;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ newPassword }) => mutation.mutate({ newPassword, token }))}
      className="flex flex-col gap-2"
    >
      <NewPasswordField label={i18n.t('New password')} error={errors.newPassword?.message} {...register('newPassword')} />
      <PasswordField
        label={i18n.t('Confirm new password')}
        autoComplete="new-password"
        error={errors.confirmation?.message}
        {...register('confirmation')}
      />
      <Button type="submit" className="w-full" pending={mutation.isPending}>
        {i18n.t('Save new password')}
      </Button>
    </form>
  );
}
