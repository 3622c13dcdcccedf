import type { User } from '@staybook/domain/accounts';
import { SELF_ROLE_CHANGE_MESSAGE } from '@staybook/domain/identity';
import { capitalize } from '@staybook/domain/text';
import { isRole, normalizeEmail, ROLES, type Role } from '@staybook/domain/users';
import { useState } from 'react';
import { Options, SelectField } from '../../../components/fields';
import { Modal, ModalActions } from '../../../components/modal';
import { notify } from '../../../lib/notify';
import { settleDialogAction } from '../../../lib/send-form';
import { useAuth } from '../../auth/hooks/use-auth';
import { useUpdateUserRole } from '../api/use-update-user-role';

interface UpdateRoleDialogProps {
  user: User;
  open: boolean;
  onClose: () => void;
}

export function UpdateRoleDialog({ user, open, onClose }: UpdateRoleDialogProps) {
  const { user: signedIn } = useAuth();
  const [role, setRole] = useState<Role>(user.role);
  const updateRole = useUpdateUserRole();

  const handleUpdate = async () => {
    // The server refuses this too; the spec wants the answer before any request.
    if (signedIn && normalizeEmail(signedIn.email) === normalizeEmail(user.email)) {
      notify.error(SELF_ROLE_CHANGE_MESSAGE);
      onClose();
      return;
    }
    await settleDialogAction(async () => {
      await updateRole.mutateAsync({ email: user.email, role });
      return 'User role updated successfully!';
    }, onClose);
  };

  return (
    <Modal open={open} onClose={onClose} title="Update User Role" description={user.email}>
      <SelectField
        label="Role"
        value={role}
        onChange={(event) => {
          if (isRole(event.target.value)) setRole(event.target.value);
        }}
      >
        <Options values={ROLES} label={capitalize} />
      </SelectField>
      <hr className="mb-6 border-neutral-200" />
      <ModalActions onCancel={onClose} confirmLabel="Update" pending={updateRole.isPending} onConfirm={() => void handleUpdate()} />
    </Modal>
  );
}
