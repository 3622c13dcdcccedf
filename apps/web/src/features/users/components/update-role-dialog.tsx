import type { User } from '@staybook/domain/accounts';
import { SELF_ROLE_CHANGE_MESSAGE } from '@staybook/domain/identity';
import { isRole, normalizeEmail, ROLES, type Role } from '@staybook/domain/users';
import { useState } from 'react';
import { Options, SelectField } from '../../../components/fields';
import { Modal, ModalActions } from '../../../components/modal';
import { notify } from '../../../lib/notify';
import { settleDialogAction } from '../../../lib/send-form';
import { useAuth } from '../../auth/hooks/use-auth';
import { useUpdateUserRole } from '../api/use-update-user-role';
import { i18n } from '../../../lib/i18n';
import { roleName } from '../utils/user-labels';

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
      notify.error(i18n.known(SELF_ROLE_CHANGE_MESSAGE));
      onClose();
      return;
    }
    await settleDialogAction(async () => {
      await updateRole.mutateAsync({ email: user.email, role });
      return i18n.t('User role updated successfully!');
    }, onClose);
  };

  return (
    <Modal open={open} onClose={onClose} title={i18n.t('Update User Role')} description={user.email}>
      <SelectField
        label={i18n.t('Role')}
        value={role}
        onChange={(event) => {
          if (isRole(event.target.value)) setRole(event.target.value);
        }}
      >
        <Options values={ROLES} label={roleName} />
      </SelectField>
      <hr className="mb-6 border-neutral-200" />
      <ModalActions onCancel={onClose} confirmLabel={i18n.t('Update')} pending={updateRole.isPending} onConfirm={() => void handleUpdate()} />
    </Modal>
  );
}
