import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { asAccount, createUser, fetchSession, fetchUser, signInStatus, uniqueEmail } from '../support/auth';
import { actAsGoogleUser, type GoogleIdentity } from '../support/google';
import { fetchSeededRoom, roomPath } from '../support/rooms';
import { EMPTY_URL, OIDC_ISSUER } from '../support/servers';
import { atPath, expectImageLoaded, headerAvatar, openProfileMenu } from '../support/ui';

const NOT_CONFIGURED = 'Google sign-in is not configured on this server.';
const UNVERIFIED_EMAIL = 'Google did not confirm this e-mail address, so we could not sign you in.';
const ACCOUNT_NOT_LINKED = 'This e-mail already has an account. Please log in with your password.';

function newGoogleIdentity(): GoogleIdentity {
  return { email: uniqueEmail('google'), name: `Gwen Google ${randomUUID().slice(0, 6)}` };
}

/** Clicks 'Continue with Google' and follows the browser to the provider and back into the app. */
async function continueWithGoogle(page: Page) {
  const toProvider = page.waitForRequest((request) => request.url().startsWith(`${OIDC_ISSUER}/authorize`));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await toProvider;
  await expect(page.getByText('Signup Successful')).toBeVisible();
}

test('a visitor signs up with Google, becomes a verified guest with the provider\'s name, and comes back as the same user', async ({
  page,
  context,
}) => {
  const identity = newGoogleIdentity();
  await actAsGoogleUser(context, identity);

  await page.goto('/login');
  await continueWithGoogle(page);
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');

  const session = await fetchSession(page.request);
  expect(session).toMatchObject({ email: identity.email, name: identity.name, role: 'guest' });
  const record = await fetchUser(page.request, identity.email);
  expect(record).toMatchObject({ _id: session?.id, email: identity.email, name: identity.name, role: 'guest', status: 'Verified' });
  // The provider's photo is copied into our own storage, not linked.
  expect(record.image).toMatch(/^\/uploads\/[\w-]+\.webp$/);
  await expectImageLoaded(headerAvatar(page));

  await openProfileMenu(page, true);
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await openProfileMenu(page, false);
  expect(await fetchSession(page.request)).toBeNull();

  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(atPath('/login'));
  await continueWithGoogle(page);
  expect((await fetchSession(page.request))?.id).toBe(session?.id);
});

test('Google sign-in from a room the guard sent to /login comes back to that room', async ({ page, context, request }) => {
  const room = await fetchSeededRoom(request);
  await actAsGoogleUser(context, newGoogleIdentity());

  await page.goto(roomPath(room._id));
  await expect(page).toHaveURL(atPath('/login'));
  await continueWithGoogle(page);
  await expect(page).toHaveURL(atPath(roomPath(room._id)));
  await expect(page.getByRole('heading', { level: 1, name: room.title })).toBeVisible();
});

// A password sign-up whose link was never opened proves nothing about the e-mail, so joining a Google identity
// to it would hand whoever registered the address first that person's Google sign-in: the server refuses.
test('Google sign-in with the e-mail of an unproven password account is refused, and the account is untouched', async ({
  page,
  context,
  playwright,
}) => {
  const user = await createUser(playwright.request, { name: 'Pat Password', verified: false });
  await actAsGoogleUser(context, { email: user.email, name: 'Someone Else Entirely' });

  await page.goto('/login');
  const toProvider = page.waitForRequest((request) => request.url().startsWith(`${OIDC_ISSUER}/authorize`));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await toProvider;

  await expect(page).toHaveURL(atPath('/login'));
  await expect(page.getByRole('main').getByText(ACCOUNT_NOT_LINKED)).toBeVisible();
  expect(await fetchSession(page.request)).toBeNull();
  expect(await signInStatus(playwright.request, user)).toBe(200);
  await asAccount(playwright.request, user, async (api) => {
    expect(await fetchSession(api)).toMatchObject({ id: user.id, name: 'Pat Password' });
  });
});

test('Google sign-in with an e-mail Google has not verified creates no account', async ({ page, context }) => {
  const identity = { ...newGoogleIdentity(), emailVerified: false };
  await actAsGoogleUser(context, identity);

  await page.goto('/login');
  const toProvider = page.waitForRequest((request) => request.url().startsWith(`${OIDC_ISSUER}/authorize`));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await toProvider;

  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.has('error'));
  await expect(page.getByRole('main').getByText(UNVERIFIED_EMAIL)).toBeVisible();
  expect(await fetchSession(page.request)).toBeNull();
});

test.describe('on a server without Google settings', () => {
  test.use({ baseURL: EMPTY_URL });

  test('"Continue with Google" says Google sign-in is not configured', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    // Said once, beside the button, where it stays; no toast says it again.
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(NOT_CONFIGURED);
    expect(await page.getByText(NOT_CONFIGURED).count(), 'times the message is on screen').toBe(1);
    await expect(page).toHaveURL(`${EMPTY_URL}/login`);

    await page.goto('/signup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(NOT_CONFIGURED);
    expect(await page.getByText(NOT_CONFIGURED).count(), 'times the message is on screen').toBe(1);
    await expect(page).toHaveURL(`${EMPTY_URL}/signup`);
  });
});
