import { expect, test, type Locator, type Page } from '@playwright/test';
import { violationsAtBothSizes } from '../support/a11y';
import { createUser, signInAs } from '../support/auth';
import { addDays } from '../support/bookings';
import { fillRoomForm, listedRoomId } from '../support/hosting';
import { solidPng } from '../support/png';
import { atPath } from '../support/ui';

const today = new Date().toISOString().slice(0, 10);

/** Four different pictures, told apart by colour and name. */
const FILES = [
  { name: 'red.png', tint: [220, 38, 38] },
  { name: 'green.png', tint: [22, 163, 74] },
  { name: 'blue.png', tint: [37, 99, 235] },
  { name: 'yellow.png', tint: [234, 179, 8] },
] as const;

/** The stored key of a picture URL, whatever width it is served at. */
function keyOf(url: string | null): string {
  const key = /\/uploads\/([0-9a-f-]{36})(-\d+w)?\.webp/.exec(url ?? '')?.[1];
  if (!key) throw new Error(`not a stored picture: ${url}`);
  return key;
}

/** The file names of the form's photos, in order, as their captions show them. */
function photoOrder(page: Page): Promise<string[]> {
  return page
    .getByTestId('photo-item')
    .locator('p')
    .filter({ hasText: /^Photo \d+ of \d+/ })
    .allTextContents()
    .then((captions) => captions.map((caption) => caption.replace(/^Photo \d+ of \d+: /, '')));
}

function photoItem(page: Page, name: string): Locator {
  return page.getByTestId('photo-item').filter({ hasText: `: ${name}` });
}

test('a host adds a room with four photos, puts them in order by drag and by keyboard, picks a cover, sets amenities, and guests browse them', async ({ page, playwright }) => {
  // Four uploads, a new room and two viewers: slow on a busy machine.
  test.slow();
  const host = await createUser(playwright.request, { role: 'host' });
  // Which stored picture each file became: the page uploads the files in the order they were chosen.
  const uploads: Promise<string>[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/uploads/image') return;
    uploads.push(
      request.response().then(async (response) => {
        expect(response?.status()).toBe(201);
        return keyOf(((await response!.json()) as { url: string }).url);
      }),
    );
  });
  await signInAs(page, host);
  await page.goto('/dashboard/add-room');

  const tag = Math.random().toString(36).slice(2, 8);
  const title = `E2E gallery house ${tag}`;
  await fillRoomForm(page, page, {
    location: `Gallery Bay ${tag}, Portugal`,
    category: 'Beach',
    from: addDays(today, 3),
    to: addDays(today, 30),
    title,
    price: '180',
    guests: '4',
    bedrooms: '2',
    bathrooms: '1',
    description: 'Four rooms of light, each with its own colour.',
  });
  await page.getByLabel('Photos').setInputFiles(FILES.map(({ name, tint }) => ({ name, mimeType: 'image/png', buffer: solidPng(96, 72, tint) })));
  await expect(page.getByTestId('photo-item')).toHaveCount(4);
  // Each uploads at once; the progress goes once it is stored.
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(uploads).toHaveLength(4);
  const keys = await Promise.all(uploads);
  const stored = new Map<string, string | undefined>(FILES.map(({ name }, i) => [name, keys[i]]));
  expect(await photoOrder(page)).toEqual(['red.png', 'green.png', 'blue.png', 'yellow.png']);
  await expect(page.getByTestId('photo-item').first().getByText('Cover', { exact: true })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // By mouse: yellow dragged onto the first place.
  await photoItem(page, 'yellow.png').dragTo(page.getByTestId('photo-item').first());
  await expect.poll(() => photoOrder(page)).toEqual(['yellow.png', 'red.png', 'green.png', 'blue.png']);

  // By keyboard: red one place down, the keyboard staying with it.
  await photoItem(page, 'red.png').getByRole('button', { name: 'Move down' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => photoOrder(page)).toEqual(['yellow.png', 'green.png', 'red.png', 'blue.png']);
  await expect(photoItem(page, 'red.png').getByRole('button', { name: 'Move down' })).toBeFocused();

  // Blue becomes the cover.
  await photoItem(page, 'blue.png').getByRole('button', { name: 'Make cover' }).click();
  await expect.poll(() => photoOrder(page)).toEqual(['blue.png', 'yellow.png', 'green.png', 'red.png']);
  await expect(photoItem(page, 'blue.png').getByText('Cover', { exact: true })).toBeVisible();

  // And what the place offers.
  const amenities = page.getByRole('group', { name: 'Amenities' });
  for (const label of ['Wi-Fi', 'Kitchen', 'Workspace']) await amenities.getByRole('checkbox', { name: label, exact: true }).check();

  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText('Room Added Successfully!')).toBeVisible();
  await page.waitForURL(atPath('/dashboard/my-listings'));
  const roomId = await listedRoomId(page, title);
  const order = ['blue.png', 'yellow.png', 'green.png', 'red.png'].map((name) => stored.get(name));

  // The room page: the chosen cover large, the others in the order chosen.
  await page.goto(`/room/${roomId}`);
  // Each photo is the button that opens it, named by its picture's text.
  const cover = page.getByRole('button', { name: `${title}, photo 1 of 4` }).getByRole('img');
  await expect(cover).toBeVisible();
  expect(keyOf(await cover.getAttribute('src'))).toBe(order[0]);
  const thumbnails = page.getByTestId('room-gallery').locator('img');
  await expect(thumbnails).toHaveCount(3);
  expect((await thumbnails.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).map(keyOf)).toEqual(order.slice(1));
  await expect(page.getByRole('region', { name: 'What this place offers' }).getByRole('listitem')).toHaveText(['Wi-Fi', 'Kitchen', 'Workspace']);
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // The viewer by mouse: open the second photo, step on and back, close.
  const viewer = page.getByRole('dialog', { name: `Photos of ${title}` });
  const shown = viewer.getByRole('img');
  await page.getByRole('button', { name: `${title}, photo 2 of 4` }).click();
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('2 / 4')).toBeVisible();
  expect(keyOf(await shown.getAttribute('src'))).toBe(order[1]);
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await expect(viewer.getByText('3 / 4')).toBeVisible();
  expect(keyOf(await shown.getAttribute('src'))).toBe(order[2]);
  await viewer.getByRole('button', { name: 'Previous photo' }).click();
  await expect(viewer.getByText('2 / 4')).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('button', { name: `${title}, photo 2 of 4` })).toBeFocused();

  // The viewer by keyboard: Enter on a photo, the arrow keys (round past the last), Escape.
  const third = page.getByRole('button', { name: `${title}, photo 3 of 4` });
  await third.focus();
  await page.keyboard.press('Enter');
  await expect(viewer.getByText('3 / 4')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('4 / 4')).toBeVisible();
  expect(keyOf(await shown.getAttribute('src'))).toBe(order[3]);
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('1 / 4')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText('4 / 4')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(third).toBeFocused();
});
