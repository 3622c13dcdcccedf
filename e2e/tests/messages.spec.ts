import { expect, test, type Page } from '@playwright/test';
import { violationsAtBothSizes } from '../support/a11y';
import { asAccount, createUser, sameOrigin, signInAs } from '../support/auth';
import { addDays, bookThroughApi, cancelStaysAfterEach, findBookingRow } from '../support/bookings';
import { fetchMail } from '../support/mail';
import { hostWithRooms, today, uniquePlace } from '../support/search';
import { SEEDED_URL } from '../support/servers';
import { atPath, dashboardNav } from '../support/ui';

const cancelAfterEach = cancelStaysAfterEach();

/** The trip page's Messages section. */
function messagesSection(page: Page) {
  return page.getByRole('region', { name: 'Messages' });
}

function conversation(page: Page) {
  return messagesSection(page).getByRole('log', { name: 'Conversation' });
}

test('guest and host write to each other on the trip page; the host is mailed once and sees the unread count', async ({ page, browser, playwright }) => {
  // Two people in two browsers, and the answer arrives by polling (every 10 s).
  test.slow();
  const place = uniquePlace();
  const { host, rooms } = await hostWithRooms(playwright.request, [{ title: `Loft in ${place}`, location: `${place}, Germany` }]);
  const room = rooms[0]!;
  const guest = await createUser(playwright.request, { name: 'Ana Messenger' });
  cancelAfterEach(guest);
  const stay = { from: addDays(today(), 5), to: addDays(today(), 8) };
  const booking = await asAccount(playwright.request, guest, (api) => bookThroughApi(api, room._id, stay));

  // The guest writes from the trip page: Shift+Enter makes a new line, Enter sends.
  await signInAs(page, guest);
  await page.goto(`/dashboard/trips/${booking._id}`);
  await expect(conversation(page).getByText('No messages yet.', { exact: false })).toBeVisible();
  const composer = messagesSection(page).getByLabel('Message');
  await composer.fill('Hello! Where do we find the key?');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('We arrive around 9 pm.');
  await expect(composer).toHaveValue('Hello! Where do we find the key?\nWe arrive around 9 pm.');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  const first = conversation(page).getByRole('listitem').filter({ hasText: 'Where do we find the key?' });
  await expect(first).toContainText('You');
  // The line break is kept: the text is shown as written.
  expect(await first.locator('p', { hasText: 'Where do we find the key?' }).textContent()).toBe('Hello! Where do we find the key?\nWe arrive around 9 pm.');
  await composer.fill('Also: are towels provided?');
  await messagesSection(page).getByRole('button', { name: 'Send' }).click();
  await expect(conversation(page).getByRole('listitem')).toHaveCount(2);
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // The host, in a browser of their own, sees the unread count in the sidebar and the thread in Messages.
  const hostContext = await browser.newContext({ baseURL: SEEDED_URL });
  try {
    const hostPage = await hostContext.newPage();
    await signInAs(hostPage, host);
    await hostPage.goto('/dashboard');
    const messagesLink = dashboardNav(hostPage).getByRole('link', { name: 'Messages 2 unread' });
    await expect(messagesLink).toBeVisible();
    await messagesLink.click();
    await expect(hostPage).toHaveURL(atPath('/dashboard/messages'));
    const thread = hostPage.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(room.title) });
    await expect(thread).toContainText('Ana Messenger');
    await expect(thread).toContainText('Also: are towels provided?');
    await expect(thread).toContainText('2 unread');
    expect(await violationsAtBothSizes(hostPage)).toEqual([]);

    // The host reads it on the trip page, reached from Manage Bookings, and answers.
    await dashboardNav(hostPage).getByRole('link', { name: 'Manage Bookings' }).click();
    const row = await findBookingRow(hostPage, guest.email);
    await row.getByRole('link', { name: room.title }).click();
    await expect(hostPage).toHaveURL(atPath(`/dashboard/trips/${booking._id}`));
    await expect(conversation(hostPage).getByRole('listitem').first()).toContainText('Ana Messenger');
    await expect(conversation(hostPage).getByText('Also: are towels provided?')).toBeVisible();
    // Reading it clears the count.
    await expect(dashboardNav(hostPage).getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    const reply = messagesSection(hostPage).getByLabel('Message');
    await reply.fill('The key is in the box by the door; towels are in the closet.');
    await reply.press('Enter');
    await expect(conversation(hostPage).getByText('The key is in the box by the door; towels are in the closet.')).toBeVisible();

    // The guest's open page shows the answer without a reload, and 'Seen' under their last message.
    await expect(conversation(page).getByText('The key is in the box by the door; towels are in the closet.')).toBeVisible({ timeout: 20_000 });
    await expect(conversation(page).getByRole('listitem').filter({ hasText: 'towels provided' })).toContainText('Seen');
  } finally {
    await hostContext.close();
  }

  // Two messages in a row: one mail to the host, with the first message and a link back to the trip page. The second
  // message was stored long before the guest saw the answer, so a second mail would have arrived by now.
  const messageMails = async () => (await fetchMail(host.email)).filter((m) => m.subject.startsWith('New message'));
  await expect.poll(async () => (await messageMails()).length, { message: 'message mail to the host' }).toBeGreaterThan(0);
  const [mail, ...more] = await messageMails();
  expect(more).toEqual([]);
  expect(mail!.subject).toBe(`New message from Ana Messenger about ${room.title}`);
  expect(mail!.text).toContain('Hello! Where do we find the key?\nWe arrive around 9 pm.');
  expect(mail!.text).toContain(`${SEEDED_URL}/dashboard/trips/${booking._id}`);
  expect(mail!.text).not.toContain('towels');
});

test('a trip opened from Messages leads back to Messages, through its receipt too; from Manage Bookings, back there', async ({ page, playwright }) => {
  const place = uniquePlace();
  const { host, rooms } = await hostWithRooms(playwright.request, [{ title: `Studio in ${place}`, location: `${place}, Portugal` }]);
  const room = rooms[0]!;
  const guest = await createUser(playwright.request);
  cancelAfterEach(guest);
  const booking = await asAccount(playwright.request, guest, async (api) => {
    const booked = await bookThroughApi(api, room._id, { from: addDays(today(), 5), to: addDays(today(), 7) });
    const sent = await api.post(`${SEEDED_URL}/api/booking/${booked._id}/messages`, { headers: sameOrigin(), data: { body: 'Is there parking nearby?' } });
    expect(sent.status()).toBe(201);
    return booked;
  });

  await signInAs(page, host);
  await page.goto('/dashboard/messages');
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(room.title) }).click();
  await expect(page).toHaveURL(atPath(`/dashboard/trips/${booking._id}`));
  await expect(conversation(page).getByText('Is there parking nearby?')).toBeVisible();
  const backToMessages = page.getByRole('link', { name: 'Back to Messages' });
  await expect(backToMessages).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Manage Bookings' })).toHaveCount(0);

  // The receipt and back: the way back is kept, and leads to Messages.
  await page.getByRole('link', { name: 'View receipt' }).click();
  await page.getByRole('link', { name: 'Back to the trip' }).click();
  await expect(page).toHaveURL(atPath(`/dashboard/trips/${booking._id}`));
  await backToMessages.click();
  await expect(page).toHaveURL(atPath('/dashboard/messages'));
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible();

  // The same trip reached from Manage Bookings leads back there.
  await dashboardNav(page).getByRole('link', { name: 'Manage Bookings' }).click();
  await (await findBookingRow(page, guest.email)).getByRole('link', { name: room.title }).click();
  await expect(page).toHaveURL(atPath(`/dashboard/trips/${booking._id}`));
  await page.getByRole('link', { name: 'Back to Manage Bookings' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/manage-bookings'));
});
