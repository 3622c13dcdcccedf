import { expect, test } from '@playwright/test';
import { addMonths, flexibleCandidates, formatMonthYear, monthName, shortStayText } from '@staybook/domain';
import { createUser, signInAs } from '../support/auth';
import { addDays, expectedTotalCents, reservationCard, usd } from '../support/bookings';
import { roomCards } from '../support/rooms';
import { datesButton, hostWithRooms, searchForm, today, uniquePlace } from '../support/search';

test("a flexible 'weekend in <month>' search shows each home's first free weekend and its total, and opens the room with those dates", async ({
  page,
  playwright,
}) => {
  const place = uniquePlace();
  // Two months on: every weekend of it is ahead, and inside the rooms' availability.
  const month = addMonths(today().slice(0, 7), 2);
  const [first, second] = flexibleCandidates('weekend', [month]);
  const { rooms } = await hostWithRooms(playwright.request, [
    { title: `Weekend loft in ${place}`, location: `${place}, Portugal`, price: '180' },
    // Open only from the Saturday of the month's first weekend: its first weekend is the second.
    { title: `Later cabin in ${place}`, location: `${place}, Portugal`, price: '150', from: addDays(first!.from, 1) },
  ]);
  const [loft, cabin] = rooms as [(typeof rooms)[number], (typeof rooms)[number]];

  await signInAs(page, await createUser(playwright.request));
  await page.goto('/');
  const form = searchForm(page);
  await form.getByLabel('Where').fill(place);
  await datesButton(form).click();
  await form.getByRole('radio', { name: 'Flexible' }).check();
  await form.getByRole('radio', { name: 'A weekend' }).check();
  await form.getByRole('checkbox', { name: formatMonthYear(month) }).check();
  await expect(form.getByRole('button', { name: `When A weekend in ${monthName(month)}` })).toBeVisible();
  await form.getByRole('button', { name: 'Done' }).click();
  await form.getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL((url) => url.searchParams.get('stay') === 'weekend' && url.searchParams.get('months') === month);
  const cards = roomCards(page);
  await expect(cards).toHaveCount(2);
  const cabinStay = `${shortStayText(second!)} · ${usd(expectedTotalCents(cabin, second!))} total`;
  const loftCard = cards.filter({ hasText: `${shortStayText(first!)} · ${usd(expectedTotalCents(loft, first!))} total` });
  const cabinCard = cards.filter({ hasText: cabinStay });
  await expect(loftCard).toHaveCount(1);
  await expect(cabinCard).toHaveCount(1);

  // The search is in the address: a reload shows it again, the dates part saying what was chosen.
  await page.reload();
  await expect(datesButtonFlexible(page)).toBeVisible();

  await cabinCard.getByText(cabinStay).click();
  await expect(page).toHaveURL((url) => url.pathname === `/room/${cabin._id}` && url.searchParams.get('checkin') === second!.from && url.searchParams.get('checkout') === second!.to);
  const card = reservationCard(page);
  await expect(card.getByText(`2 nights × ${usd(cabin.priceCents)}`, { exact: true })).toBeVisible();
  await expect(card.getByText(usd(expectedTotalCents(cabin, second!)), { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reserve' })).toBeEnabled();

  function datesButtonFlexible(scope: typeof page) {
    return searchForm(scope).getByRole('button', { name: `When A weekend in ${monthName(month)}` });
  }
});
