import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { bookingsPageSchema } from '@staybook/domain';
import { violationsAtBothSizes } from '../support/a11y';
import { asAccount, createUser, signInAs } from '../support/auth';
import { bookThroughApi, cancelStaysAfterEach, fetchAvailability, freeStay } from '../support/bookings';
import { hostWithRooms, uniquePlace } from '../support/search';
import { SEEDED_URL } from '../support/servers';
import { atPath, dashboardNav, dialog } from '../support/ui';

const cancelAfterwards = cancelStaysAfterEach();

test('a host makes an access token, sees it once, calls the API with it, and revokes it', async ({ page, playwright }) => {
  const host = await createUser(playwright.request, { role: 'host' });
  await signInAs(page, host);
  await page.goto('/dashboard');
  await dashboardNav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/profile'));

  const tokens = page.getByRole('region', { name: 'Access tokens' });
  await expect(tokens.getByText('You have no access tokens.')).toBeVisible();
  // Nothing chosen: the form says what is missing.
  await tokens.getByRole('button', { name: 'Create token' }).click();
  await expect(tokens.getByText('Please name the token')).toBeVisible();
  await tokens.getByLabel('Token name').fill('Channel manager');
  await tokens.getByLabel('Read bookings').check();
  await tokens.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Token created')).toBeVisible();

  const shown = tokens.getByLabel('New token');
  await expect(shown).toHaveValue(/^sbk_/);
  const secret = await shown.inputValue();
  await expect(tokens.getByText('Copy the token “Channel manager” now: it will not be shown again.')).toBeVisible();
  const listed = tokens.getByRole('list', { name: 'Your access tokens' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Channel manager');
  await expect(listed).toContainText('Read bookings');
  await expect(listed).toContainText('Never used');
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // The token works from a tool that holds nothing else, for what its scope opens and nothing more.
  const tool = await playwright.request.newContext();
  try {
    const bearer = { authorization: `Bearer ${secret}` };
    const bookings = await tool.get(`${SEEDED_URL}/api/manage-bookings`, { headers: bearer });
    expect(bookings.status(), await bookings.text()).toBe(200);
    bookingsPageSchema.parse(await bookings.json());
    expect((await tool.get(`${SEEDED_URL}/api/access-tokens`, { headers: bearer })).status()).toBe(403);

    // Once 'Done' is pressed the secret is gone from the page for good; a reload never shows it.
    await tokens.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await page.reload();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(listed).toContainText('Last used');

    await listed.getByRole('button', { name: 'Revoke Channel manager' }).click();
    const confirm = dialog(page, 'Revoke this token?');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Token revoked')).toBeVisible();
    await expect(tokens.getByText('You have no access tokens.')).toBeVisible();
    expect((await tool.get(`${SEEDED_URL}/api/manage-bookings`, { headers: bearer })).status()).toBe(401);
  } finally {
    await tool.dispose();
  }
});

test("a host adds a webhook pointed at their own receiver, a guest books, and the signed delivery shows in the endpoint's log", async ({ page, playwright }) => {
  // The host's receiver: a real HTTP server on this machine (the test server allows 127.0.0.1 for webhooks).
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/staybook`;
  try {
    const place = uniquePlace();
    const { host, rooms } = await hostWithRooms(playwright.request, [{ title: `Hook house in ${place}`, location: `${place}, Norway` }]);
    await signInAs(page, host);
    await page.goto('/dashboard/profile');

    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await expect(webhooks.getByText('You have no webhook endpoints.')).toBeVisible();
    await webhooks.getByLabel('Endpoint URL').fill(receiverUrl);
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(webhooks.getByText('Choose at least one event')).toBeVisible();
    await webhooks.getByLabel('Booking confirmed').check();
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Endpoint added')).toBeVisible();
    const secret = await webhooks.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await webhooks.getByRole('button', { name: 'Done' }).click();
    await expect(webhooks.getByLabel('Signing secret')).toBeHidden();

    // A guest books the host's home.
    const guest = await createUser(playwright.request);
    cancelAfterwards(guest);
    const room = rooms[0]!;
    const stay = freeStay(await fetchAvailability(page.request, room._id), 2, 3);
    const booking = await asAccount(playwright.request, guest, (api) => bookThroughApi(api, room._id, stay));

    // The receiver hears of it, signed as docs/webhooks.md says.
    await expect.poll(() => received.length, { message: 'the delivery reaches the receiver' }).toBe(1);
    const [delivery] = received;
    const event = JSON.parse(delivery!.body) as { id: string; type: string; data: { bookingId: string } };
    expect(event).toMatchObject({ type: 'booking.confirmed', data: { bookingId: booking._id } });
    expect(delivery!.headers['staybook-event-id']).toBe(event.id);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery!.headers['staybook-signature']))!;
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${delivery!.body}`).digest('hex'));

    // And the endpoint's log shows it: event, status, the receiver's answer, and 'Redeliver'.
    const endpoint = webhooks.getByRole('listitem', { name: receiverUrl });
    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const row = endpoint.getByRole('row').filter({ hasText: 'Booking confirmed' });
    await expect(row).toContainText('Delivered (1 attempt)');
    await expect(row).toContainText('204');
    expect(await violationsAtBothSizes(page)).toEqual([]);

    await row.getByRole('button', { name: /^Redeliver/ }).click();
    await expect(page.getByText('Redelivery queued')).toBeVisible();
    await expect.poll(() => received.length, { message: 'the redelivery reaches the receiver' }).toBe(2);
    expect(received[1]!.headers['staybook-event-id']).toBe(event.id);
    await expect(row).toContainText('Delivered (2 attempts)');
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
