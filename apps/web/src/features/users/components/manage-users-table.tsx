import type { User, UserStatus } from '@staybook/domain';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorScreen } from '../../../components/error-screen';
import { Loader } from '../../../components/loader';
import { useUsers } from '../api/use-users';
import { UpdateRoleDialog } from './update-role-dialog';

const COLUMNS = ['Email', 'Role', 'Status', 'Action'] as const;
const HEADER_CLASS = 'px-5 py-3 text-left text-xs font-semibold tracking-wide text-neutral-600 uppercase';
const CELL_CLASS = 'px-5 py-4 text-sm text-neutral-900';

export function ManageUsersTable() {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    useUsers();
  // One dialog for the table; the key below gives it fresh state for each user.
  const [editing, setEditing] = useState<User | null>(null);

  if (isPending) return <Loader />;
  if (!data) return <ErrorScreen message={error?.message} />;
  const users = data.pages.flatMap((page) => page.items);

  return (
    <div>
      <div className="overflow-x-auto rounded-xl border border-neutral-200">
        <table className="min-w-full divide-y divide-neutral-200 bg-white">
          <thead className="bg-neutral-50">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={HEADER_CLASS}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {users.map((user) => (
              <tr key={user._id}>
                <td className={CELL_CLASS}>{user.email}</td>
                <td className={`${CELL_CLASS} capitalize`}>{user.role}</td>
                <td className={CELL_CLASS}>
                  <UserStatusText status={user.status} />
                </td>
                <td className={CELL_CLASS}>
                  <button
                    type="button"
                    onClick={() => setEditing(user)}
                    className="rounded-full bg-green-100 px-3 py-1 font-semibold whitespace-nowrap text-green-900 transition hover:bg-green-200"
                  >
                    Update Role
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {isFetchNextPageError && (
        <p role="alert" className="mt-6 text-center text-rose-600">
          {error?.message}
        </p>
      )}
      {hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" pending={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
      {editing && <UpdateRoleDialog key={editing._id} user={editing} open onClose={() => setEditing(null)} />}
    </div>
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
