import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@staybook/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Modal, ModalActions } from '../../../components/modal';
import { NewPasswordField, PasswordField } from '../../../components/account-fields';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/hooks/use-auth';
import { i18n } from '../../../lib/i18n';

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { changePassword } = useAuth();
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notify.success(i18n.t('Password changed'));
      onClose();
    },
    // A wrong current password keeps the dialog open with what was typed.
    onError: (error) => notify.error(errorMessage(error)),
  });

  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = formState;

  return (
    <Modal open={open} onClose={onClose} title={i18n.t('Change Password')}>
      <form noValidate onSubmit={handleSubmit((passwords) => mutation.mutate(passwords))} className="flex flex-col gap-2">
        <PasswordField label={i18n.t('Current password')} error={errors.currentPassword?.message} {...register('currentPassword')} />
        <NewPasswordField label={i18n.t('New password')} error={errors.newPassword?.message} {...register('newPassword')} />
        <ModalActions onCancel={onClose} confirmLabel={i18n.t('Save')} pending={mutation.isPending} />
      </form>
    </Modal>
  );
}
