import { expect, test } from '@playwright/test';
import { createUser, fetchSession, photoPng, signInAs, signInStatus, uniquePassword } from '../support/auth';
import { atPath, dashboardNav, dialog, expectImageLoaded } from '../support/ui';

test('a user sees their profile and updates their name and photo', async ({ page, playwright }) => {
  const user = await createUser(playwright.request, { name: 'Pat Profile' });
  await signInAs(page, user);
  await page.goto('/dashboard');
  await dashboardNav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/profile'));

  await expect(page.getByText('Guest', { exact: true })).toBeVisible();
  await expect(page.getByText(`User Id: ${user.id}`)).toBeVisible();
  await expect(page.getByText('Name: Pat Profile')).toBeVisible();
  await expect(page.getByText(`Email: ${user.email}`)).toBeVisible();
  const photo = page.getByRole('main').getByRole('img', { name: 'Profile photo' });
  await expect(photo).toHaveAttribute('src', new RegExp(`^${user.image.replace(/\.webp$/, '')}`));
  await expectImageLoaded(photo);

  await page.getByRole('button', { name: 'Update Profile' }).click();
  const update = dialog(page, 'Update Profile');
  await expect(update.getByLabel('Name', { exact: true })).toHaveValue('Pat Profile');
  await update.getByLabel('Name', { exact: true }).fill('Pat Renamed');
  await update.getByLabel(/photo/i).setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: photoPng([59, 130, 246]) });
  await update.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(update).toBeHidden();
  await expect(page.getByText('Name: Pat Renamed')).toBeVisible();
  const session = await fetchSession(page.request);
  expect(session).toMatchObject({ id: user.id, name: 'Pat Renamed' });
  expect(session?.image).toMatch(/^\/uploads\/[\w-]+\.webp$/);
  expect(session?.image).not.toBe(user.image);
  await expect(photo).toHaveAttribute('src', new RegExp(`^${session!.image!.replace(/\.webp$/, '')}`));
  await expectImageLoaded(photo);
});

test('a user changes their password, after a wrong current password is refused', async ({ page, playwright }) => {
  const user = await createUser(playwright.request);
  const newPassword = uniquePassword();
  await signInAs(page, user);
  await page.goto('/dashboard/profile');

  await page.getByRole('button', { name: 'Change Password' }).click();
  const change = dialog(page, 'Change Password');
  const current = change.getByLabel('Current password');
  const next = change.getByLabel('New password');
  await current.fill('not my password at all');
  await next.fill(newPassword);
  await change.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Invalid password')).toBeVisible();
  await expect(change).toBeVisible();
  await expect(current).toHaveValue('not my password at all');
  await expect(next).toHaveValue(newPassword);
  expect(await signInStatus(playwright.request, user)).toBe(200);

  await current.fill(user.password);
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(change).toBeHidden();

  expect(await signInStatus(playwright.request, { email: user.email, password: newPassword })).toBe(200);
  expect(await signInStatus(playwright.request, user)).toBe(401);
  // This browser stays signed in.
  await page.reload();
  await expect(page).toHaveURL(atPath('/dashboard/profile'));
  await expect(page.getByText(`Email: ${user.email}`)).toBeVisible();
});
