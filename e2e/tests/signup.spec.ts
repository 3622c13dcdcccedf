import { expect, test, type Page } from '@playwright/test';
import { createUser, fetchSession, photoPng, uniqueEmail, uniquePassword, waitForVerificationMail } from '../support/auth';
import { fetchMail, firstLink } from '../support/mail';
import { atPath, expectImageLoaded, headerAvatar, openProfileMenu } from '../support/ui';

function signupForm(page: Page) {
  return {
    name: page.getByLabel('Name', { exact: true }),
    photo: page.getByLabel('Select Image'),
    email: page.getByLabel('Email address'),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Continue', exact: true }),
  };
}

/** What every accepted sign-up shows, for a new address and for one that has an account alike. */
async function expectCheckYourInbox(page: Page, email: string) {
  await expect(page.getByText('Signup Successful')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(`We sent a mail to ${email}.`)).toBeVisible();
  await expect(page.getByText(/open the link in it within 24 hours, then log in/)).toBeVisible();
  // Signing up signs no one in.
  expect(await fetchSession(page.request)).toBeNull();
}

test('a visitor signs up with a photo, opens the link from the mail, logs in with that photo, and logs out', async ({ page }) => {
  const email = uniqueEmail('signup');
  const password = uniquePassword();

  await page.goto('/');
  await openProfileMenu(page, false);
  await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(atPath('/signup'));
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await expect(page.getByText('Welcome to StayBook')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByText('Already have an account?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');

  const form = signupForm(page);
  await form.name.fill('Sam Signup');
  await form.photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photoPng([34, 197, 94]) });
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
  await expectCheckYourInbox(page, email);

  // The link in the mail confirms the address, then the person logs in.
  const mail = await waitForVerificationMail(email);
  expect(mail.text).toContain('Hi Sam Signup,');
  await page.goto(firstLink(mail).href);
  await expect(page).toHaveURL(atPath('/verify-email'));
  await expect(page.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(atPath('/login'));
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');

  const session = await fetchSession(page.request);
  expect(session).toMatchObject({ name: 'Sam Signup', email, role: 'guest', status: 'Verified', emailVerified: true });
  const stored = /^\/uploads\/([\w-]+)\.webp$/.exec(session?.image ?? '');
  expect(stored, `the photo is one we store: ${session?.image}`).not.toBeNull();

  // The header shows the uploaded photo (at the width that fits the avatar).
  const avatar = headerAvatar(page);
  await expect(avatar).toHaveAttribute('src', new RegExp(`^/uploads/${stored![1]}`));
  await expectImageLoaded(avatar);

  await openProfileMenu(page, true);
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toBeHidden();

  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(avatar).not.toHaveAttribute('src', /^\/uploads\//);
  await openProfileMenu(page, false);
  await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Logout', exact: true })).toBeHidden();
  expect(await fetchSession(page.request)).toBeNull();
});

test('a file that is not an image is refused with a clear message, and nothing typed is lost', async ({ page }) => {
  const email = uniqueEmail('signup-photo');
  const password = uniquePassword();
  await page.goto('/signup');
  const form = signupForm(page);
  await form.name.fill('Nora Notimage');
  await form.email.fill(email);
  await form.password.fill(password);

  // A text file: the form says so before sending anything.
  await form.photo.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await form.submit.click();
  await expect(form.photo).toHaveAccessibleDescription('Please choose an image file');
  await expect(page).toHaveURL(atPath('/signup'));
  await expect(form.name).toHaveValue('Nora Notimage');
  await expect(form.email).toHaveValue(email);
  await expect(form.password).toHaveValue(password);

  // A file that only claims to be a PNG: the server reads its content and refuses it.
  await form.photo.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png at all') });
  await form.submit.click();
  await expect(page.getByText(/not an image we can read/)).toBeVisible();
  await expect(page).toHaveURL(atPath('/signup'));
  await expect(form.name).toHaveValue('Nora Notimage');
  await expect(form.email).toHaveValue(email);
  await expect(form.password).toHaveValue(password);
  expect(await fetchSession(page.request)).toBeNull();

  // Choosing a real photo is all it takes now.
  await form.photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photoPng() });
  await form.submit.click();
  await expectCheckYourInbox(page, email);
  expect((await waitForVerificationMail(email)).text).toContain('Hi Nora Notimage,');
});

test('signing up with an address that has an account looks the same, and its owner gets a mail with a reset link', async ({
  page,
  playwright,
}) => {
  const owner = await createUser(playwright.request);
  const mailsBefore = (await fetchMail(owner.email)).length;
  await page.goto('/signup');
  const form = signupForm(page);
  await form.name.fill('Someone Else');
  await form.photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photoPng() });
  await form.email.fill(owner.email);
  await form.password.fill(uniquePassword());
  await form.submit.click();
  await expectCheckYourInbox(page, owner.email);

  let mails = await fetchMail(owner.email);
  await expect.poll(async () => (mails = await fetchMail(owner.email)).length).toBe(mailsBefore + 1);
  const notice = mails.at(-1)!;
  expect(notice.subject).toBe('Someone tried to sign up with your e-mail address');
  expect(notice.text).toContain(`Hi ${owner.name},`);
  // The owner's way back in: the reset link opens the new-password form.
  await page.goto(firstLink(notice).href);
  await expect(page).toHaveURL(atPath('/reset-password'));
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeHidden();
});
