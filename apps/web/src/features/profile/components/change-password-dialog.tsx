import { changePasswordSchema, PASSWORD_MIN_LENGTH } from '@staybook/domain';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAuth } from '../../auth/hooks/use-auth';

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { changePassword } = useAuth();
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast.success('Password changed');
      onClose();
    },
    // A wrong current password keeps the dialog open with what was typed.
    onError: (error) => toast.error(errorMessage(error)),
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
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...field('newPassword')}
        />
        <div className="mt-2 flex justify-end gap-3">
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={mutation.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
