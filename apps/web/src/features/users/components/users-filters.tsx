import { capitalize } from '@staybook/domain/text';
import { isRole, ROLES, USER_STATUSES, type UserStatus } from '@staybook/domain/users';
import { USERS_SEARCH_MAX_LENGTH } from '@staybook/domain/identity';
import { useEffect, useState } from 'react';
import { SelectField, TextField } from '../../../components/fields';
import type { UsersSearch } from '../api/users-search';

/** How long typing pauses before the list is searched. */
const SEARCH_DELAY_MS = 300;

interface UsersFiltersProps {
  search: UsersSearch;
  onChange: (next: UsersSearch, options?: { replace?: boolean }) => void;
}

function isStatus(value: string): value is UserStatus {
  return (USER_STATUSES as readonly string[]).includes(value);
}

/** The search box and the two filters above Manage Users; each change starts again from the first page. */
export function UsersFilters({ search, onChange }: UsersFiltersProps) {
  const [text, setText] = useState(search.q);
  // The address changed under the box (Back, a link): show its search, unless it is what is being typed.
  const [shown, setShown] = useState(search.q);
  if (search.q !== shown) {
    setShown(search.q);
    if (text.trim() !== search.q) setText(search.q);
  }

  useEffect(() => {
    const q = text.trim();
    if (q === search.q) return;
    const timer = setTimeout(() => onChange({ ...search, q, cursor: null }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search, onChange]);

  return (
    <form
      role="search"
      aria-label="Users"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...search, q: text.trim(), cursor: null }, { replace: true });
      }}
      className="grid grid-cols-1 gap-x-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <TextField
        label="Search users"
        type="search"
        value={text}
        maxLength={USERS_SEARCH_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        hint="Part of a name or an e-mail address."
        onChange={(event) => setText(event.target.value)}
      />
      <SelectField
        label="Role"
        value={search.role ?? ''}
        onChange={(event) => {
          const role = event.target.value;
          onChange({ ...search, q: text.trim(), role: isRole(role) ? role : null, cursor: null });
        }}
      >
        <option value="">All roles</option>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {capitalize(role)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Status"
        value={search.status ?? ''}
        onChange={(event) => {
          const status = event.target.value;
          onChange({ ...search, q: text.trim(), status: isStatus(status) ? status : null, cursor: null });
        }}
      >
        <option value="">All statuses</option>
        {USER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </SelectField>
    </form>
  );
}
