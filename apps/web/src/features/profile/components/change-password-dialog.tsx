import { changePasswordSchema, PASSWORD_MIN_LENGTH } from '@staybook/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { errorMessage, focusFirstInvalid, toFieldErrors } from '../../../lib/form-errors';
import { useAuth } from '../../auth/hooks/use-auth';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { changePassword } = useAuth();
  const [values, setValues] = useState<ChangePasswordValues>({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast.success('Password changed');
      onClose();
    },
    // A wrong current password keeps the dialog open with what was typed.
    onError: (error) => toast.error(errorMessage(error)),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    setErrors(parsed.success ? {} : toFieldErrors(parsed.error.issues));
    if (parsed.success) mutation.mutate(parsed.data);
    else focusFirstInvalid(event.currentTarget);
  };

  const update = (field: keyof ChangePasswordValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <Modal open={open} onClose={onClose} title="Change Password">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={update('currentPassword')}
          error={errors.currentPassword}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={values.newPassword}
          onChange={update('newPassword')}
          error={errors.newPassword}
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
