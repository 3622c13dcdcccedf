import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@staybook/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Modal, ModalActions } from '../../../components/modal';
import { NewPasswordField, PasswordField } from '../../../components/account-fields';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/hooks/use-auth';

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { changePassword } = useAuth();
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notify.success('Password changed');
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
    <Modal open={open} onClose={onClose} title="Change Password">
      <form noValidate onSubmit={handleSubmit((passwords) => mutation.mutate(passwords))} className="flex flex-col gap-2">
        <PasswordField label="Current password" error={errors.currentPassword?.message} {...register('currentPassword')} />
        <NewPasswordField label="New password" error={errors.newPassword?.message} {...register('newPassword')} />
        <ModalActions onCancel={onClose} confirmLabel="Save" pending={mutation.isPending} />
      </form>
    </Modal>
  );
}
