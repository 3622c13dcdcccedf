import { ROLES, USER_STATUSES, type Role, type UserStatus } from '@staybook/domain/users';
import { USERS_SEARCH_MAX_LENGTH } from '@staybook/domain/identity';
import { useEffect, useState } from 'react';
import { Options, SelectField, TextField } from '../../../components/fields';
import type { UsersSearch } from '../api/users-search';
import { i18n } from '../../../lib/i18n';
import { roleName, statusName } from '../utils/user-labels';

/** How long typing pauses before the list is searched. */
const SEARCH_DELAY_MS = 300;

interface UsersFiltersProps {
  search: UsersSearch;
  onChange: (next: UsersSearch, options?: { replace?: boolean }) => void;
}

/** One of the list's filters: its label, its first option (which filters nothing: 'All roles'), its values and their names. */
interface Choice<T extends string> {
  label: () => string;
  anyLabel: () => string;
  values: readonly T[];
  optionLabel: (value: T) => string;
}

// Written when shown, in the page's language.
const ROLE_CHOICE: Choice<Role> = { label: () => i18n.t('Role'), anyLabel: () => i18n.t('All roles'), values: ROLES, optionLabel: roleName };
const STATUS_CHOICE: Choice<UserStatus> = { label: () => i18n.t('Status'), anyLabel: () => i18n.t('All statuses'), values: USER_STATUSES, optionLabel: statusName };

/** One of the list's filters: everyone, or those with one of its values. */
function ChoiceFilter<T extends string>({ choice, value, onChange }: { choice: Choice<T>; value: T | null; onChange: (value: T | null) => void }) {
  const { label, anyLabel, values, optionLabel } = choice;
  return (
    <SelectField label={label()} value={value ?? ''} onChange={(event) => onChange(values.find((one) => one === event.target.value) ?? null)}>
      <option value="">{anyLabel()}</option>
      <Options values={values} label={optionLabel} />
    </SelectField>
  );
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
  const filter = (patch: Pick<UsersSearch, 'role'> | Pick<UsersSearch, 'status'>) => onChange({ ...search, q: text.trim(), ...patch, cursor: null });

  return (
    <form
      role="search"
      aria-label={i18n.t('Users')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...search, q: text.trim(), cursor: null }, { replace: true });
      }}
      className="grid grid-cols-1 gap-x-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <TextField
        label={i18n.t('Search users')}
        type="search"
        value={text}
        maxLength={USERS_SEARCH_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        hint={i18n.t('Part of a name or an e-mail address.')}
        onChange={(event) => setText(event.target.value)}
      />
      <ChoiceFilter choice={ROLE_CHOICE} value={search.role} onChange={(role) => filter({ role })} />
      <ChoiceFilter choice={STATUS_CHOICE} value={search.status} onChange={(status) => filter({ status })} />
    </form>
  );
}
