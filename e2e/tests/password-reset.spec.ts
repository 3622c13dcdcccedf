import { expect, test } from '@playwright/test';
import { createUser, signInStatus, uniquePassword } from '../support/auth';
import { firstLink, waitForMail } from '../support/mail';
import { SEEDED_URL } from '../support/servers';
import { atPath } from '../support/ui';

test('"Forgot password?" with no e-mail typed asks for it first', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Please write your email first!')).toBeVisible();
  await expect(page).toHaveURL(atPath('/login'));
});

test('a forgotten password is reset through the mailed link, which works once', async ({ page, playwright }) => {
  const user = await createUser(playwright.request);
  const newPassword = uniquePassword();

  await page.goto('/login');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Request Success! Check your email for further process...')).toBeVisible();

  // The first mail to a new user is the verification link of their sign-up; the reset link comes second.
  const mail = await waitForMail(user.email, 2);
  expect(mail.subject).toMatch(/reset/i);
  const link = firstLink(mail);
  expect(link.origin).toBe(SEEDED_URL);

  await page.goto(link.href);
  await expect(page).toHaveURL((url) => url.pathname === '/reset-password' && url.searchParams.has('token'));
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page.getByText('Password updated. Please log in.')).toBeVisible();
  await expect(page).toHaveURL(atPath('/login'));

  // The old password no longer works; the new one does.
  const email = page.getByLabel('Email address');
  const password = page.getByLabel('Password', { exact: true });
  await email.fill(user.email);
  await password.fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(atPath('/login'));
  expect(await signInStatus(playwright.request, user)).toBe(401);

  await password.fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Signup Successful')).toBeVisible();
  await expect(page).toHaveURL(atPath('/'));

  // The link is spent.
  await page.goto(link.href);
  await expect(page).toHaveURL(atPath('/reset-password'));
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeHidden();
  expect(await signInStatus(playwright.request, { email: user.email, password: newPassword })).toBe(200);
});

test('a mismatched confirmation is caught before anything is sent', async ({ page, playwright }) => {
  const user = await createUser(playwright.request);
  await page.goto('/login');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Request Success! Check your email for further process...')).toBeVisible();
  const link = firstLink(await waitForMail(user.email, 2));

  await page.goto(link.href);
  const confirmation = page.getByLabel('Confirm new password');
  await page.getByLabel('New password', { exact: true }).fill(uniquePassword());
  await confirmation.fill(uniquePassword());
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(confirmation).toHaveAccessibleDescription('The passwords do not match');
  await expect(page).toHaveURL(atPath('/reset-password'));
  expect(await signInStatus(playwright.request, user)).toBe(200);
});
