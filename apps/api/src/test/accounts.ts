import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sessionSchema } from '@staybook/domain';
import type { TestDatabaseKind } from './databases.js';
import { useSuite } from './suites.js';
import { createTestApp, type TestApp } from './test-app.js';

/** A password the sign-up form accepts. */
export const PASSWORD = 'a long enough password';

/** What the account suites share: an app on a fresh database, and the account forms as the web app sends them. */
export type AccountsSuite = {
  t: TestApp;
  /** A new e-mail address, in mixed case as people type them. */
  email(): string;
  /** The sign-up form. */
  signUp(body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** The sign-in form, from the app's origin unless `headers` say otherwise. */
  signIn(address: string, password: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The session a cookie opens, as the web app asks for it; null when it opens none. */
  sessionOf(cookie: string): Promise<ReturnType<typeof sessionSchema.parse>>;
};

/** The accounts suite on a database of `kind`: opened before the suite's tests run, closed after them. */
export function useAccountsSuite(kind: TestDatabaseKind): AccountsSuite {
  return useSuite(() => openAccountsSuite(kind), (s) => s.t.close());
}

/** Opens the app on a database of `kind`. */
async function openAccountsSuite(kind: TestDatabaseKind): Promise<AccountsSuite> {
  const t = await createTestApp(kind);
  return {
    t,
    email: () => `someone-${randomUUID().slice(0, 8)}@Example.com`,
    signUp: (body) => t.call('POST', '/api/auth/sign-up/email', { body }),
    signIn: (address, password, headers) =>
      t.call('POST', '/api/auth/sign-in/email', { body: { email: address, password }, ...(headers ? { headers } : {}) }),
    sessionOf: async (cookie) => sessionSchema.parse((await t.call('GET', '/api/auth/get-session', { headers: { cookie } })).json()),
  };
}
