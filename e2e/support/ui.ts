import { expect, type Locator, type Page } from '@playwright/test';

/** The header's profile menu button (its avatar shows the user's photo or the default image). */
export function profileMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Open profile menu' });
}

export function headerAvatar(page: Page): Locator {
  return profileMenuButton(page).getByRole('img', { name: 'Profile photo' });
}

/** Opens the profile menu and waits for its first entry. */
export async function openProfileMenu(page: Page, signedIn: boolean): Promise<void> {
  await profileMenuButton(page).click();
  await expect(page.getByRole(signedIn ? 'button' : 'link', { name: signedIn ? 'Logout' : 'Login', exact: true })).toBeVisible();
}

/** The dashboard's sidebar navigation. */
export function dashboardNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Resolves once the image has loaded (a broken image has no natural width). */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

/** A stay's trip page, `/dashboard/trips/:bookingId`, where paying lands the guest. */
export function isTripPage(url: URL): boolean {
  return /^\/dashboard\/trips\/[0-9a-f-]{36}$/.test(url.pathname);
}

/** `path`, matched on the pathname alone. */
export function atPath(path: string): (url: URL) => boolean {
  return (url) => url.pathname === path;
}

/**
 * The Manage Users row of `email`, found as an admin would: by typing the address into 'Search users' (the
 * list comes a page at a time, and other tests keep adding users).
 */
export async function manageUsersRow(page: Page, email: string): Promise<Locator> {
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
  await expect(page.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search users' });
  // Already searched (the address keeps the search, and a reload opens it again): the list shows its answer only.
  if ((await search.inputValue()) !== email) {
    // The row may already show in the unfiltered list (a new user comes first), so the search's own answer is
    // waited for: a search still on its way would otherwise land after whatever the test does next.
    const searched = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/users' && url.searchParams.get('q') === email;
    });
    await search.fill(email);
    await searched;
  }
  await expect(row).toBeVisible();
  return row;
}

/** The toasts on screen (react-hot-toast gives each message the role status), as their whole bars. */
export function toastBars(page: Page): Locator {
  return page.locator('[data-rht-toaster] [role="status"]').locator('..');
}

/**
 * Fails unless toasts are on screen and none of them overlaps `other`. Toasts slide in and push each
 * other along as they stack, so this asks again until they have settled.
 */
export async function expectToastsClearOf(page: Page, other: Locator, what: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const box = await other.boundingBox();
        if (!box) return `${what} is not on screen`;
        const toasts = (await Promise.all((await toastBars(page).all()).map((bar) => bar.boundingBox()))).filter(
          (toast) => toast !== null,
        );
        if (toasts.length === 0) return 'no toast on screen';
        const covering = toasts.filter(
          (toast) =>
            toast.x < box.x + box.width && box.x < toast.x + toast.width && toast.y < box.y + box.height && box.y < toast.y + toast.height,
        );
        return `${covering.length} of ${toasts.length} toasts cover ${what}`;
      },
      { message: `toasts clear of ${what}` },
    )
    .toMatch(/^0 of \d+ toasts cover/);
}

/** Console errors and uncaught exceptions the page reports from now on (a failed request is a console error too). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}
