import { expect, test, type Page } from '@playwright/test';
import { DEMO, fetchSession, signInAs, type Account } from '../support/auth';
import { fetchSeededRoom, roomPath } from '../support/rooms';
import { atPath, expectToastsClearOf, openProfileMenu, toastBars } from '../support/ui';

function loginForm(page: Page) {
  return {
    email: page.getByLabel('Email address'),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Sign In', exact: true }),
  };
}

async function signInWithForm(page: Page, account: Account) {
  const form = loginForm(page);
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.submit.click();
}

test('a visitor opening a room signs in on /login and comes back to the room', async ({ page, request }) => {
  const room = await fetchSeededRoom(request);

  await page.goto(roomPath(room._id));
  await expect(page).toHaveURL(atPath('/login'));
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page.getByText('Sign in to access your account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByText("Don't have an account yet?")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/signup');

  await signInWithForm(page, DEMO.guest);
  await expect(page.getByText('Signup Successful')).toBeVisible();
  await expect(page).toHaveURL(atPath(roomPath(room._id)));
  await expect(page.getByRole('heading', { level: 1, name: room.title })).toBeVisible();
  expect(await fetchSession(page.request)).toMatchObject({ email: DEMO.guest.email, role: 'guest' });
});

test('signing in from the menu lands on the home page, signed in', async ({ page }) => {
  await page.goto('/?category=Lake');
  await openProfileMenu(page, false);
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(atPath('/login'));

  await signInWithForm(page, DEMO.host);
  await expect(page.getByText('Signup Successful')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await openProfileMenu(page, true);
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
});

test('a wrong password shows an error and keeps the e-mail typed', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, { email: DEMO.guest.email, password: 'not the password' });

  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(atPath('/login'));
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(loginForm(page).email).toHaveValue(DEMO.guest.email);
  expect(await fetchSession(page.request)).toBeNull();
});

test('the sign-in links lead between /login and /signup', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(atPath('/signup'));
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(atPath('/login'));
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
});

test('a signed-in user opening /login or /signup goes home', async ({ page }) => {
  await signInAs(page, DEMO.guest);

  await page.goto('/login');
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeHidden();

  await page.goto('/signup');
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('a successful sign-in takes the error of the failed one off the screen', async ({ page }) => {
      await page.goto('/login');
      await signInWithForm(page, { email: DEMO.guest.email, password: 'not the password' });
      const failed = page.getByRole('status').filter({ hasText: 'Invalid email or password' });
      await expect(failed).toBeVisible();
      // A toast stays while the pointer rests on it, so it cannot time out while the person signs in again.
      await failed.hover();

      await loginForm(page).password.fill(DEMO.guest.password);
      await loginForm(page).password.press('Enter');

      // The greeting and the end of the error are one and the same update.
      await expect(page.getByRole('status').filter({ hasText: 'Signup Successful' })).toBeVisible();
      expect(await failed.count(), 'error toasts once the greeting shows').toBe(0);
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    });

    test('stacked toasts leave the logo above the sign-in card and the site header uncovered', async ({ page }) => {
      await page.goto('/login');
      // Three presses in quick succession, from the keyboard: a toast lasts four seconds, which three clicks (each
      // waiting for the button to be still and reachable) outlasted on a busy machine, and the first toast had gone
      // before the third came.
      await page.getByRole('button', { name: 'Forgot password?' }).focus();
      for (let press = 0; press < 3; press++) await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Please write your email first!' })).toHaveCount(3);
      await expect(toastBars(page)).toHaveCount(3);
      // Toasts stay while the pointer rests on one of them, so none times out before it is measured.
      await toastBars(page).first().hover();
      await expectToastsClearOf(page, page.getByRole('link', { name: 'StayBook home' }), 'the logo');

      await loginForm(page).email.fill(DEMO.guest.email);
      await loginForm(page).password.fill(DEMO.guest.password);
      await loginForm(page).password.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Signup Successful' })).toBeVisible();
      await page.getByRole('status').filter({ hasText: 'Signup Successful' }).hover();
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
      await expectToastsClearOf(page, page.getByRole('banner'), 'the site header');
    });
  });
}
