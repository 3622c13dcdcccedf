import { expect, test } from '@playwright/test';
import { distanceText, roomsPageSchema } from '@staybook/domain';
import { violationsAtBothSizes } from '../support/a11y';
import { asAccount, createUser, sameOrigin, signInAs } from '../support/auth';
import { addDays, bookThroughApi } from '../support/bookings';
import { listingRow, listRoomThroughApi } from '../support/hosting';
import { roomCards, roomPath } from '../support/rooms';
import { searchForm } from '../support/search';
import { dialog } from '../support/ui';

/** Where a home is (docs/decisions/051-where-a-home-is.md). */

const today = new Date().toISOString().slice(0, 10);

test("a guest searches 'lisbon' and finds the homes nearby, each saying how far it is", async ({ page, request }) => {
  // The distances as the server measures them from the demo homes' public areas.
  const answer = roomsPageSchema.parse(await (await request.get('/api/rooms?where=lisbon')).json());
  expect(answer.near).toMatchObject({ name: 'Lisbon', country: 'Portugal' });
  const sintra = answer.items.find((room) => room.location === 'Sintra, Portugal');
  const comporta = answer.items.find((room) => room.location === 'Comporta, Portugal');
  expect(sintra?.distanceKm, 'the demo home in Sintra is within reach of Lisbon').toBeDefined();
  expect(comporta?.distanceKm, 'the demo home in Comporta is within reach of Lisbon').toBeDefined();

  await page.goto('/');
  const form = searchForm(page);
  await form.getByLabel('Where').fill('lisbon');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('where') === 'lisbon');

  // Nearest first: Sintra (about 25 km) before Comporta (about 50 km), with nothing nearer in the demo between.
  const cards = roomCards(page);
  await expect(cards.first()).toContainText('Sintra, Portugal');
  await expect(cards.first()).toContainText(distanceText(sintra!.distanceKm!, 'Lisbon'));
  const comportaCard = cards.filter({ hasText: 'Comporta, Portugal' });
  await expect(comportaCard).toContainText(distanceText(comporta!.distanceKm!, 'Lisbon'));
  expect(await violationsAtBothSizes(page)).toEqual([]);
});

test('a host places a home by choosing a suggested place, and its guest finds the address on the trip page once booked', async ({
  page,
  playwright,
}) => {
  test.slow();
  const tag = Math.random().toString(36).slice(2, 8);
  const host = await createUser(playwright.request, { role: 'host' });
  const guest = await createUser(playwright.request);
  const title = `E2E hillside quinta ${tag}`;
  const listed = await asAccount(playwright.request, host, (api) =>
    listRoomThroughApi(api, {
      title,
      location: `Somewhere ${tag}, Testland`,
      category: 'Countryside',
      from: addDays(today, 2),
      to: addDays(today, 40),
      price: '140',
      guests: '2',
      bedrooms: '1',
      bathrooms: '1',
      description: 'A stone house among the hills.',
    }),
  );
  const address = `${tag.length} Rua das Flores, Sintra`;

  await signInAs(page, host);
  await page.goto('/dashboard/my-listings');
  await listingRow(page, title).getByRole('button', { name: `Update ${title}` }).click();
  const update = dialog(page, 'Update Room Info');
  await update.getByLabel('Location').fill('Sintr');
  await update.getByRole('list', { name: /^Places with this name/ }).getByRole('button', { name: 'Sintra, Portugal' }).click();
  await expect(update.getByLabel('Location')).toHaveValue('Sintra, Portugal');
  await expect(update.getByLabel('Latitude')).toHaveValue(/^38\.8/);
  await expect(update.getByLabel('Longitude')).toHaveValue(/^-9\.3/);
  await expect(update.getByLabel('Time zone')).toHaveValue('Europe/Lisbon');
  await update.getByLabel('Address').fill(address);
  await update.getByLabel('Arrival instructions').fill('The key is in the lockbox by the gate.');
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(update).toBeHidden();

  // Before booking, the guest sees the place, never the address.
  await signInAs(page, guest);
  await page.goto(roomPath(listed._id));
  const where = page.getByRole('region', { name: 'Where you’ll be' });
  await expect(where).toContainText('Sintra, Portugal');
  await expect(where).toContainText('The exact address and how to get in come with your booking confirmation.');
  await expect(page.getByText(address)).toHaveCount(0);

  const stay = { from: addDays(today, 10), to: addDays(today, 12) };
  const booking = await asAccount(playwright.request, guest, (api) => bookThroughApi(api, listed._id, stay));
  try {
    await page.goto(`/dashboard/trips/${booking._id}`);
    const gettingThere = page.getByRole('region', { name: 'Getting there' });
    await expect(gettingThere).toContainText(address);
    await expect(gettingThere).toContainText('The key is in the lockbox by the gate.');
    await expect(gettingThere.getByRole('link', { name: /^38\.8\d+, -9\.3\d+/ })).toHaveAttribute('href', /openstreetmap\.org/);
    expect(await violationsAtBothSizes(page)).toEqual([]);
  } finally {
    // Nothing left upcoming in a room other tests do not know of.
    const cancelled = await page.request.delete(`/api/booking/${booking._id}`, { headers: sameOrigin() });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  }
});
