import type { Role, UserStatus } from '@staybook/domain/users';
import { i18n } from '../../../lib/i18n';

/** A role as Manage Users shows it ('Host'), in the page's language. */
export function roleName(role: Role): string {
  return ROLE_NAMES[role]();
}

// Written when shown, in the page's language.
const ROLE_NAMES: Record<Role, () => string> = { guest: () => i18n.t('Guest'), host: () => i18n.t('Host'), admin: () => i18n.t('Admin') };

/** A host request's status as Manage Users shows it, in the page's language. */
export function statusName(status: UserStatus): string {
  return status === 'Requested' ? i18n.t('Requested') : i18n.t('Verified');
}
