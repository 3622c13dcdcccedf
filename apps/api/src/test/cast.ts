import type { TestApp, TestUser } from './test-app.js';

/** The people of most API tests: Hana hosts the rooms, Ana stays in them; Otto and Olga are the host and guest a stay is not theirs. */
export type Cast = { host: TestUser; otherHost: TestUser; guest: TestUser; otherGuest: TestUser; admin: TestUser };

/** Their names, as the API shows them to each other. */
export const CAST_NAMES = { host: 'Hana Host', otherHost: 'Otto Other', guest: 'Ana Lima', otherGuest: 'Olga Outsider', admin: 'Adam Admin' } as const;

/** Signs the cast up on `t`, each with a verified email and a profile photo. */
export async function signUpCast(t: TestApp): Promise<Cast> {
  const [host, otherHost, guest, otherGuest, admin] = await Promise.all([
    t.signUp({ role: 'host', name: CAST_NAMES.host }),
    t.signUp({ role: 'host', name: CAST_NAMES.otherHost }),
    t.signUp({ name: CAST_NAMES.guest }),
    t.signUp({ name: CAST_NAMES.otherGuest }),
    t.signUp({ role: 'admin', name: CAST_NAMES.admin }),
  ]);
  return { host, otherHost, guest, otherGuest, admin };
}
