import type { ManagedUser } from '@staybook/domain/accounts';
import type { UserStatus } from '@staybook/domain/users';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import { useUsers } from '../api/use-users';
import { UpdateRoleDialog } from './update-role-dialog';

export function ManageUsersTable() {
  const users = useUsers();
  // One dialog for the table; the key below gives it fresh state for each user.
  const [editing, setEditing] = useState<ManagedUser | null>(null);

  const columns: Column<ManagedUser>[] = [
    { header: 'Email', cell: (user) => user.email, className: 'break-all' },
    { header: 'Role', cell: (user) => user.role, className: 'capitalize' },
    { header: 'Status', cell: (user) => <UserStatusText status={user.status} /> },
    {
      header: 'Host cancellations (12 months)',
      cell: (user) => (user.role === 'guest' ? <span aria-label="Not a host">—</span> : user.hostCancellations),
    },
    {
      header: 'Action',
      cell: (user) => (
        <button
          type="button"
          onClick={() => setEditing(user)}
          className="rounded-full bg-green-100 px-3 py-1 font-semibold whitespace-nowrap text-green-900 transition hover:bg-green-200"
        >
          Update Role
        </button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label="Users"
        columns={columns}
        query={users}
        rowKey={(user) => user._id}
        empty={<p className="text-neutral-600">No users yet.</p>}
      />
      {editing && <UpdateRoleDialog key={editing._id} user={editing} open onClose={() => setEditing(null)} />}
    </>
  );
}

const STATUS_CLASS: Record<UserStatus, string> = {
  Requested: 'text-amber-700',
  Verified: 'text-green-700',
};

function UserStatusText({ status }: { status: UserStatus | null }) {
  if (!status) return <span className="text-rose-700">Unavailable</span>;
  return <span className={STATUS_CLASS[status]}>{status}</span>;
}
