import { awaitsHostRole, mayHaveHosted } from '@staybook/domain/access';
import type { ManagedUser, UsersPage } from '@staybook/domain/accounts';
import type { UserStatus } from '@staybook/domain/users';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/button';
import { Table, type Column } from '../../../components/data-table';
import { ErrorScreen } from '../../../components/error-screen';
import { Loader } from '../../../components/loader';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { lazyPage } from '../../../lib/lazy-page';
import { notify } from '../../../lib/notify';
import { useApproveHostRequest } from '../api/use-answer-host-request';
import { useUsers } from '../api/use-users';
import { NO_USERS_SEARCH, type UsersSearch } from '../api/users-search';
import { useUsersSearch } from '../hooks/use-users-search';
import { UpdateRoleDialog } from './update-role-dialog';
import { UsersFilters } from './users-filters';
import { i18n } from '../../../lib/i18n';
import { roleName, statusName } from '../utils/user-labels';

const DeclineHostDialog = lazyPage(() => import('./decline-host-dialog'), 'DeclineHostDialog');

const ACTION_CLASS = 'rounded-full px-3 py-1 font-semibold whitespace-nowrap transition disabled:cursor-not-allowed disabled:opacity-60';

/** Manage Users: the search and filters, a page of users in e-mail order, and the answers to host requests. */
export function ManageUsersTable() {
  const [search, setSearch] = useUsersSearch();
  const users = useUsers(search);
  const approve = useApproveHostRequest();
  // One dialog of each kind for the table; the keys below give them fresh state for each user.
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [declining, setDeclining] = useState<ManagedUser | null>(null);

  const approveRequest = (user: ManagedUser) =>
    approve.mutate(user._id, {
      onSuccess: () => notify.success(i18n.t('Host request approved: {email} is a host now', { email: user.email })),
      onError: (error) => notify.error(errorMessage(error)),
    });

  const columns: Column<ManagedUser>[] = [
    { header: i18n.t('Email'), cell: (user) => user.email, className: 'break-all' },
    { header: i18n.t('Role'), cell: (user) => roleName(user.role) },
    { header: i18n.t('Status'), cell: (user) => <UserStatusText status={user.status} /> },
    {
      header: i18n.t('Host cancellations (12 months)'),
      cell: (user) => (mayHaveHosted(user.role) ? user.hostCancellations : <span aria-label={i18n.t('Not a host')}>—</span>),
    },
    {
      header: i18n.t('Action'),
      cell: (user) => (
        <div className="flex flex-wrap justify-end gap-2 sm:justify-start">
          {awaitsHostRole(user) && (
            <>
              <button
                type="button"
                disabled={approve.isPending && approve.variables === user._id}
                onClick={() => approveRequest(user)}
                className={`${ACTION_CLASS} bg-green-700 text-white hover:bg-green-800`}
              >
                {i18n.t('Approve')}
              </button>
              <button
                type="button"
                onClick={() => setDeclining(user)}
                className={`${ACTION_CLASS} bg-rose-100 text-rose-800 hover:bg-rose-200`}
              >
                {i18n.t('Decline')}
              </button>
            </>
          )}
          <button type="button" onClick={() => setEditing(user)} className={`${ACTION_CLASS} bg-green-100 text-green-900 hover:bg-green-200`}>
            {i18n.t('Update Role')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-2">
      <UsersFilters search={search} onChange={setSearch} />
      <UsersPageView search={search} setSearch={setSearch} query={users} columns={columns} />
      {editing && <UpdateRoleDialog key={editing._id} user={editing} open onClose={() => setEditing(null)} />}
      {declining && (
        <Suspense fallback={null}>
          <DeclineHostDialog key={declining._id} user={declining} onClose={() => setDeclining(null)} />
        </Suspense>
      )}
    </div>
  );
}

interface UsersPageViewProps {
  search: UsersSearch;
  setSearch: (next: UsersSearch) => void;
  query: ReturnType<typeof useUsers>;
  columns: readonly Column<ManagedUser>[];
}

/** The page of users the search found, 'Previous' and 'Next' under it, or why there is none. */
function UsersPageView({ search, setSearch, query, columns }: UsersPageViewProps) {
  const { data: page, error, isPending, isPlaceholderData, refetch } = query;
  if (isPending) return <Loader />;
  // An address whose page no longer reads (a cursor from an older version, or edited by hand) is no failure:
  // the first page is one click away, as it is for a page that emptied.
  if (!page && error instanceof ApiRequestError && error.fields.cursor) return <NoUsers search={search} setSearch={setSearch} stale />;
  if (!page) return <ErrorScreen message={error?.message} onRetry={() => void refetch()} />;
  if (page.items.length === 0) return <NoUsers search={search} setSearch={setSearch} />;

  return (
    // Dimmed while the next search or page loads; the rows shown stay until it arrives.
    <div aria-busy={isPlaceholderData || undefined} className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
      <Table label={i18n.t('Users')} columns={columns} rows={page.items} rowKey={(user) => user._id} />
      <Pager page={page} onGo={(cursor) => setSearch({ ...search, cursor })} />
    </div>
  );
}

function Pager({ page, onGo }: { page: UsersPage; onGo: (cursor: string) => void }) {
  const { prevCursor, nextCursor } = page;
  if (!prevCursor && !nextCursor) return null;
  return (
    <nav aria-label={i18n.t('Pages of users')} className="mt-6 flex justify-center gap-3">
      <Button variant="outline" disabled={!prevCursor} onClick={() => prevCursor && onGo(prevCursor)}>
        {i18n.t('Previous')}
      </Button>
      <Button variant="outline" disabled={!nextCursor} onClick={() => nextCursor && onGo(nextCursor)}>
        {i18n.t('Next')}
      </Button>
    </nav>
  );
}

interface NoUsersProps {
  search: UsersSearch;
  setSearch: (next: UsersSearch) => void;
  /** The address names a page the server cannot read (its cursor is not one it gave). */
  stale?: boolean;
}

function NoUsers({ search, setSearch, stale = false }: NoUsersProps) {
  const filtered = search.q !== '' || search.role !== null || search.status !== null;
  // A page can empty while it is looked at (its users changed); the first page is one click away.
  const [text, action, next] = search.cursor
    ? [stale ? i18n.t("This page's link is out of date.") : i18n.t('Nobody is on this page any more.'), i18n.t('Back to the first page'), { ...search, cursor: null }]
    : filtered
      ? [noMatchText(search), i18n.t('Clear search and filters'), NO_USERS_SEARCH]
      : [i18n.t('No users yet.'), null, null];
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 bg-neutral-50 px-6 py-12 text-center">
      <p role="status" className="text-neutral-700">
        {text}
      </p>
      {action && next && (
        <Button variant="outline" onClick={() => setSearch(next)}>
          {action}
        </Button>
      )}
    </div>
  );
}

function noMatchText({ q, role, status }: UsersSearch): string {
  if (!q) return i18n.t('No users match these filters.');
  return role || status ? i18n.t('No users match “{q}” with these filters.', { q }) : i18n.t('No users match “{q}”.', { q });
}

const STATUS_CLASS: Record<UserStatus, string> = {
  Requested: 'text-amber-700',
  Verified: 'text-green-700',
};

function UserStatusText({ status }: { status: UserStatus | null }) {
  if (!status) return <span className="text-rose-700">{i18n.t('Unavailable')}</span>;
  return <span className={STATUS_CLASS[status]}>{statusName(status)}</span>;
}
