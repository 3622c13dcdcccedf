import { expect, test } from '@playwright/test';
import { createUser, signInAs } from '../support/auth';
import {
  addDays,
  cancelStaysAfterEach,
  describeStay,
  fetchMyBookings,
  fillCard,
  mediumDate,
  pickAnnouncement,
  reservationCard,
  reviewDialog,
  SUCCESS_CARD,
  usd,
} from '../support/bookings';
import { roomCards, roomPath } from '../support/rooms';
import { isTripPage } from '../support/ui';
import { hostWithRooms, pickSearchDates, searchForm, setGuests, stayText, today, uniquePlace } from '../support/search';

const cancelStaysOf = cancelStaysAfterEach();

/**
 * The whole way from the question a guest arrives with to a paid stay: where, when and how many, searched from
 * the home page; the room opened from the results with that stay already in its reservation card; paid; and the
 * same search no longer finding the room for those dates.
 */
test('a guest searches a place, dates and 2 guests, books a room from the results, and the same search then leaves it out', async ({
  page,
  playwright,
}) => {
  const place = uniquePlace();
  const stay = { from: addDays(today(), 30), to: addDays(today(), 34) };
  const {
    rooms: [chosen, other],
  } = await hostWithRooms(playwright.request, [
    { location: `${place}, Testland`, title: `Harbour flat ${place}`, price: '145', guests: '3' },
    { location: `${place}, Testland`, title: `Garden studio ${place}`, price: '99', guests: '2' },
  ]);
  const total = usd(4 * chosen!.priceCents);
  const guest = await createUser(playwright.request);
  cancelStaysOf(guest);
  await signInAs(page, guest);

  // Where, when and how many, from the home page.
  await page.goto('/');
  const form = searchForm(page);
  await form.getByLabel('Where').fill(place.toLowerCase());
  await pickSearchDates(form, stay);
  await setGuests(form, 2);
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('result-count')).toHaveText('2 stays');
  const card = roomCards(page).filter({ has: page.getByAltText(chosen!.title, { exact: true }) });
  await expect(card).toContainText(stayText(4, total));
  const searched = page.url();

  // The room opens with the stay and the party already chosen.
  await card.click();
  await expect(page).toHaveURL((url) => url.pathname === roomPath(chosen!._id));
  const reservation = reservationCard(page);
  await expect(pickAnnouncement(page)).toHaveText(describeStay(stay));
  await expect(reservation.getByText(total, { exact: true })).toBeVisible();
  await expect(reservation.getByRole('group', { name: 'Guests' })).toContainText('2 guests');

  await reservation.getByRole('button', { name: 'Reserve' }).click();
  const dialog = reviewDialog(page);
  for (const text of [chosen!.title, mediumDate(stay.from), mediumDate(stay.to), '2 guests']) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }
  await fillCard(dialog, SUCCESS_CARD);
  await dialog.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByText('Room Booked Successfully')).toBeVisible();
  await expect(page).toHaveURL(isTripPage);

  // The same search again: the room is taken for those dates, the other one is still there.
  await page.goto(searched);
  await expect(page.getByTestId('result-count')).toHaveText('1 stay');
  await expect(roomCards(page)).toHaveCount(1);
  await expect(roomCards(page).filter({ has: page.getByAltText(other!.title, { exact: true }) })).toHaveCount(1);

  const [booked] = (await fetchMyBookings(page.request)).filter((booking) => booking.roomId === chosen!._id);
  expect(booked?.guests).toBe(2);
});
