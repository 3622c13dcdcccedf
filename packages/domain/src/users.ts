export const ROLES = ['guest', 'host', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Requested: a guest asked to become a host and awaits an admin. Verified: the role is settled. */
export const USER_STATUSES = ['Requested', 'Verified'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** How long the link in a verification mail works. */
export const EMAIL_VERIFICATION_HOURS = 24;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** E-mails are compared case-insensitively; this is the one form they are stored and looked up in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
