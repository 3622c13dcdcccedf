import { changePasswordSchema } from '@staybook/domain';
import { useMutation } from '@tanstack/react-query';
import { Modal, ModalActions } from '../../../components/modal';
import { NewPasswordField, TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
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

  const { field, handleSubmit } = useSchemaForm({
    schema: changePasswordSchema,
    initial: { currentPassword: '', newPassword: '' },
    onValid: (passwords) => mutation.mutate(passwords),
  });

  return (
    <Modal open={open} onClose={onClose} title="Change Password">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...field('currentPassword')}
        />
        <NewPasswordField label="New password" {...field('newPassword')} />
        <ModalActions onCancel={onClose} confirmLabel="Save" pending={mutation.isPending} />
      </form>
    </Modal>
  );
}
