import { randomUUID } from 'node:crypto';
import { expect, type APIRequest, type APIRequestContext, type Page, type Request } from '@playwright/test';
import {
  modifiedCountSchema,
  sessionSchema,
  uploadedImageSchema,
  userSchema,
  type Role,
  type SessionUser,
  type User,
} from '@staybook/domain';
import { fetchMail, firstLink } from './mail';
import type { ReceivedMail } from './mime';
import { solidPng } from './png';
import { SEEDED_URL } from './servers';

/** What a person types to sign in. */
export interface Account {
  email: string;
  password: string;
}

/** A user a test created for itself: free to change, since no other test knows it. */
export interface TestUser extends Account {
  id: string;
  name: string;
  /** The uploaded photo, `/uploads/<key>.webp`. */
  image: string;
  role: Role;
}

/**
 * The seeded demo accounts. Tests may sign in as them but never change them (role, status,
 * password, name): other tests rely on them. Anything that mutates a user uses createUser.
 */
export const DEMO = {
  admin: { email: 'admin@staybook.example', password: 'staybook-admin' },
  host: { email: 'host@staybook.example', password: 'staybook-host' },
  guest: { email: 'guest@staybook.example', password: 'staybook-guest' },
} as const satisfies Record<string, Account>;

/** State-changing requests must name the app's origin, as a browser does; the server refuses others. */
export function sameOrigin(baseURL = SEEDED_URL): { origin: string } {
  return { origin: new URL(baseURL).origin };
}

/** A fresh address in a reserved domain, so parallel tests and repeated runs never collide. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@staybook.test`;
}

export function uniquePassword(): string {
  return `pw ${randomUUID()}`;
}

/** A small real PNG; the tint tells photos apart. */
export function photoPng(tint: readonly [number, number, number] = [244, 63, 94]): Buffer {
  return solidPng(64, 64, tint);
}

/** Uploads a photo as the sign-up form does; answers the URL to store (`/uploads/<key>.webp`). */
export async function uploadPhoto(api: APIRequestContext, baseURL = SEEDED_URL, png = photoPng()): Promise<string> {
  const response = await api.post(`${baseURL}/api/uploads/image`, {
    headers: sameOrigin(baseURL),
    multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: png } },
  });
  expect(response.status(), 'POST /api/uploads/image').toBe(201);
  return uploadedImageSchema.parse(await response.json()).display_url;
}

/** Signs `api` in: its cookie jar then holds the session (a page's `page.request` shares the page's). */
export async function signInThroughApi(api: APIRequestContext, account: Account, baseURL = SEEDED_URL): Promise<void> {
  const response = await api.post(`${baseURL}/api/auth/sign-in/email`, {
    headers: sameOrigin(baseURL),
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), `sign in as ${account.email}`).toBe(200);
}

/** The status of a sign-in attempt in a throwaway context, for checking which password works. */
export async function signInStatus(request: APIRequest, account: Account, baseURL = SEEDED_URL): Promise<number> {
  const api = await request.newContext();
  try {
    const response = await api.post(`${baseURL}/api/auth/sign-in/email`, {
      headers: sameOrigin(baseURL),
      data: { email: account.email, password: account.password },
    });
    return response.status();
  } finally {
    await api.dispose();
  }
}

/** Who `api` is signed in as, per GET /api/auth/get-session (null when signed out). */
export async function fetchSession(api: APIRequestContext, baseURL = SEEDED_URL): Promise<SessionUser | null> {
  const response = await api.get(`${baseURL}/api/auth/get-session`);
  expect(response.status(), 'GET /api/auth/get-session').toBe(200);
  return sessionSchema.parse(await response.json())?.user ?? null;
}

/** A user record by e-mail, as `api`'s user (themselves or an admin) may read it. */
export async function fetchUser(api: APIRequestContext, email: string, baseURL = SEEDED_URL): Promise<User> {
  const response = await api.get(`${baseURL}/api/user/${encodeURIComponent(email)}`);
  expect(response.status(), `GET /api/user/${email}`).toBe(200);
  return userSchema.parse(await response.json());
}

/** Runs `use` with an API context signed in as `account`, then throws the context away. */
export async function asAccount<T>(
  request: APIRequest,
  account: Account,
  use: (api: APIRequestContext) => Promise<T>,
  baseURL = SEEDED_URL,
): Promise<T> {
  const api = await request.newContext();
  try {
    await signInThroughApi(api, account, baseURL);
    return await use(api);
  } finally {
    await api.dispose();
  }
}

export const VERIFICATION_SUBJECT = 'Confirm your e-mail address for StayBook';

/** The newest verification mail to `email` once there are at least `count` of them (mail leaves after the answer). */
export async function waitForVerificationMail(email: string, count = 1): Promise<ReceivedMail> {
  let mails: ReceivedMail[] = [];
  await expect
    .poll(async () => (mails = (await fetchMail(email)).filter((m) => m.subject === VERIFICATION_SUBJECT)).length, {
      message: `verification mail #${count} to ${email}`,
    })
    .toBeGreaterThanOrEqual(count);
  return mails.at(-1)!;
}

/**
 * Signs a new person up through the API (photo upload, then sign-up), opens the link of the verification
 * mail as they would (unless `verified: false`), signs them in to learn their id and, for a host or an
 * admin, has the demo admin give them the role. `request` is the test's `playwright.request`: each step
 * runs in a context of its own, so no session leaks into the test's browser or API contexts.
 */
export async function createUser(
  request: APIRequest,
  {
    role = 'guest',
    name,
    baseURL = SEEDED_URL,
    verified = true,
  }: { role?: Role; name?: string; baseURL?: string; verified?: boolean } = {},
): Promise<TestUser> {
  const email = uniqueEmail(role);
  const password = uniquePassword();
  const displayName = name ?? `E2E ${role} ${email.split('@')[0]!.slice(-8)}`;

  const user = await (async () => {
    const api = await request.newContext();
    try {
      // Their own photo, as the sign-up form uploads it: a photo another account owns is not theirs to show.
      const image = await uploadPhoto(api, baseURL);
      const response = await api.post(`${baseURL}/api/auth/sign-up/email`, {
        headers: sameOrigin(baseURL),
        data: { name: displayName, email, password, image },
      });
      expect(response.status(), `sign up ${email}: ${await response.text()}`).toBe(200);
      if (verified) {
        const landing = await api.get(firstLink(await waitForVerificationMail(email)).href);
        expect(new URL(landing.url()).pathname, `verify ${email}`).toBe('/verify-email');
        expect(new URL(landing.url()).search, `verify ${email}`).toBe('');
      }
      await signInThroughApi(api, { email, password }, baseURL);
      const session = await fetchSession(api, baseURL);
      if (!session) throw new Error(`sign-in of ${email} left no session`);
      return { id: session.id, name: session.name, email: session.email, password, image, role };
    } finally {
      await api.dispose();
    }
  })();

  if (role !== 'guest') {
    await asAccount(
      request,
      DEMO.admin,
      async (admin) => {
        const response = await admin.patch(`${baseURL}/api/users/update/${encodeURIComponent(email)}`, {
          headers: sameOrigin(baseURL),
          data: { role },
        });
        expect(response.status(), `make ${email} ${role}`).toBe(200);
        expect(modifiedCountSchema.parse(await response.json()).modifiedCount).toBe(1);
      },
      baseURL,
    );
  }
  return user;
}

/**
 * Signs the page's browser context in through the API (page.request shares its cookies): the way
 * every test that is not about signing in starts signed in.
 */
export async function signInAs(page: Page, account: Account, baseURL = SEEDED_URL): Promise<void> {
  await signInThroughApi(page.request, account, baseURL);
}

/**
 * Ends the page's session on the server at the moment the page makes the first call `matches` picks, before that call
 * goes on to the server, while the browser keeps presenting its (now dead) cookie. Every call the page made before met
 * a live session, however its background reads were timed, so this call is the first to meet the dead one.
 */
export async function revokeSessionOnCall(
  page: Page,
  matches: (request: Request) => boolean,
  baseURL = SEEDED_URL,
): Promise<void> {
  let revoked = false;
  await page.route(
    (url) => url.origin === new URL(baseURL).origin && url.pathname.startsWith('/api/'),
    async (route) => {
      if (revoked || !matches(route.request())) return route.fallback();
      revoked = true;
      const cookies = await page.context().cookies();
      const signOut = await page.request.post(`${baseURL}/api/auth/sign-out`, { headers: sameOrigin(baseURL), data: {} });
      expect(signOut.status(), 'POST /api/auth/sign-out').toBe(200);
      await page.context().addCookies(cookies);
      await route.continue();
    },
  );
}
