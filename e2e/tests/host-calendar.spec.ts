import { expect, test, type Locator, type Page } from '@playwright/test';
import { roomSchema, type StayRange } from '@staybook/domain';
import { violationsAtBothSizes } from '../support/a11y';
import { asAccount, createUser, DEMO, sameOrigin, signInAs, uploadPhoto } from '../support/auth';
import {
  addDays,
  bookThroughApi,
  calendar,
  cancelStaysAfterEach,
  dayButton,
  mediumDate,
  monthName,
  reservationCard,
  showMonthOf,
  usd,
} from '../support/bookings';
import { escapeRegExp, roomPath } from '../support/rooms';
import { today, uniquePlace } from '../support/search';
import { SEEDED_URL } from '../support/servers';
import { atPath } from '../support/ui';

const cancelStaysOf = cancelStaysAfterEach();

/** The listing's nightly price, and the price the host sets on three nights, in cents. */
const PRICE_CENTS = 10_000;
const SET_PRICE_CENTS = 15_000;
const MIN_STAY = 3;

const LONG_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** 0 for Sunday. */
function weekdayOf(date: string): number {
  return utc(date).getUTCDay();
}

/** How the host calendar writes a night's date: 'Friday, March 5, 2027'. */
function longDate(date: string): string {
  return LONG_DATE.format(utc(date));
}

/** 'Mar 5'. */
function monthDay(date: string): string {
  return `${utc(date).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' }).slice(0, 3)} ${utc(date).getUTCDate()}`;
}

/** The action panel's title for the nights [from, to): 'Mar 5 – Mar 12, 2027 (7 nights)'. */
function rangeTitle({ from, to }: StayRange): string {
  const nights = Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
  const span =
    from.slice(0, 4) === to.slice(0, 4)
      ? `${monthDay(from)} – ${monthDay(to)}, ${to.slice(0, 4)}`
      : `${monthDay(from)}, ${from.slice(0, 4)} – ${monthDay(to)}, ${to.slice(0, 4)}`;
  return `${span} (${nights} ${nights === 1 ? 'night' : 'nights'})`;
}

/** Every night of [from, to). */
function nightsOf({ from, to }: StayRange): string[] {
  const nights: string[] = [];
  for (let night = from; night < to; night = addDays(night, 1)) nights.push(night);
  return nights;
}

/** 'Friday, March 2027': the rest of a night's date once its day is said. */
function weekdayAndMonth(date: string): string {
  const [weekday, monthAndDay, year] = longDate(date).split(', ') as [string, string, string];
  return `${weekday}, ${monthAndDay.split(' ')[0]} ${year}`;
}

/** A night's cell in the host calendar's months, found by its day (what its name starts with) and the rest of its date. */
function night(page: Page, date: string): Locator {
  return page.getByRole('gridcell', { name: new RegExp(`^${Number(date.slice(8))}, .*\\b${escapeRegExp(weekdayAndMonth(date))}, `) });
}

/**
 * A night's cell name as a screen reader reads it: first what the cell shows (its day, its price, who or what holds
 * it), then the rest of its date, whether the price was set for the night, what holds it, and a minimum stay set on
 * it. None of the nights this test reads is today (which the name would say).
 */
function nightName(
  date: string,
  { priceCents = PRICE_CENTS, setForNight = false, state = 'free', minStay = null }: { priceCents?: number; setForNight?: boolean; state?: string; minStay?: number | null } = {},
): string {
  const marker = state === 'blocked' ? 'Blocked' : state.startsWith('booked by ') ? state.slice('booked by '.length) : null;
  const parts = [String(Number(date.slice(8))), usd(priceCents), ...(marker ? [marker] : []), weekdayAndMonth(date)];
  if (setForNight) parts.push('price set for this night');
  parts.push(state);
  if (minStay !== null) parts.push(`minimum stay ${minStay} nights`);
  return parts.join(', ');
}

async function expectNights(page: Page, range: StayRange, expected: Parameters<typeof nightName>[1]): Promise<void> {
  for (const date of nightsOf(range)) {
    await expect(night(page, date)).toHaveAccessibleName(nightName(date, expected));
  }
}

/** Clicks a night on its day number (a booked night's guest name is a link to the trip), with Shift to extend. */
async function clickNight(page: Page, date: string, shift = false): Promise<void> {
  await night(page, date).click({ position: { x: 8, y: 8 }, modifiers: shift ? ['Shift'] : [] });
}

/** The action panel for the selected nights, named by its title. */
function panel(page: Page, range: StayRange): Locator {
  return page.getByRole('region', { name: rangeTitle(range), exact: true });
}

/** A toast saying `message` (a change's toast also holds its Undo button). */
function toast(page: Page, message: string): Locator {
  return page
    .locator('[data-rht-toaster]')
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${escapeRegExp(message)}\\s*(Undo)?$`) });
}

/** The host calendar has loaded the listing's twelve months and the overview its next 30 days. */
async function expectCalendarShown(page: Page, title: string, start: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await expect(page.getByRole('grid', { name: monthName(start) })).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(12);
  await expect(page.getByRole('table', { name: 'What holds each of the next 30 nights, per listing' }).getByRole('cell', { name: `${longDate(start)}: free` })).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
}

/** The first Thursday 30 to 36 days ahead: three nights from it are a Thursday, a Friday and a Saturday. */
function thursdayAhead(from: string): string {
  for (let ahead = 30; ahead <= 36; ahead++) {
    const day = addDays(from, ahead);
    if (weekdayOf(day) === 4) return day;
  }
  throw new Error('seven days in a row without a Thursday');
}

/** The room page's calendar day, once the calendar shows its month. */
async function guestDay(page: Page, date: string): Promise<Locator> {
  await showMonthOf(page, date);
  return dayButton(page, date);
}

test("a host blocks, prices and sets a minimum stay on nights in the calendar, by mouse and keyboard, and guests' calendars follow", async ({
  page,
  browser,
  playwright,
}) => {
  test.slow();
  // Every date is the room's: its zone is UTC, as today() is.
  const start = today();
  const place = uniquePlace();
  const title = `Calendar cabin ${place}`;
  const [host, guest] = await Promise.all([createUser(playwright.request, { role: 'host' }), createUser(playwright.request)]);
  cancelStaysOf(guest);
  const room = await asAccount(playwright.request, host, async (api) => {
    const image = await uploadPhoto(api);
    const response = await api.post(`${SEEDED_URL}/api/room`, {
      headers: sameOrigin(),
      data: {
        title,
        location: `${place}, Testland`,
        category: 'Countryside',
        timeZone: 'UTC',
        from: start,
        to: addDays(start, 90),
        price: String(PRICE_CENTS / 100),
        guests: 2,
        bedrooms: 1,
        bathrooms: 1,
        description: 'A room the host calendar test listed.',
        image,
      },
    });
    expect(response.status(), `POST /api/room: ${await response.text()}`).toBe(201);
    return roomSchema.parse(await response.json());
  });

  const blocked = { from: addDays(start, 10), to: addDays(start, 17) };
  const priced = { from: thursdayAhead(start), to: addDays(thursdayAhead(start), 3) };
  // The three nights hold a Friday and a Saturday.
  expect(nightsOf(priced).map(weekdayOf)).toEqual([4, 5, 6]);
  const stay = { from: addDays(start, 50), to: addDays(start, 53) };

  // 1. The host opens the listing's calendar: the page's heading, the listing's name and its months.
  await signInAs(page, host);
  const calendarPath = `/dashboard/calendar?room=${room._id}`;
  await page.goto(calendarPath);
  await expectCalendarShown(page, title, start);
  await expect(page.getByLabel('Listing', { exact: true })).toHaveValue(room._id);
  await expectNights(page, blocked, {});

  // 2. With the mouse: a night, then Shift+click six nights on selects a week; blocking it says so in a toast and
  // in each night's name, and the toast's Undo frees them again.
  await clickNight(page, blocked.from);
  await clickNight(page, addDays(blocked.to, -1), true);
  const week = panel(page, blocked);
  await expect(week.getByRole('heading', { name: rangeTitle(blocked) })).toBeVisible();
  for (const date of nightsOf(blocked)) await expect(night(page, date)).toHaveAttribute('aria-selected', 'true');
  await expect(night(page, blocked.to)).toHaveAttribute('aria-selected', 'false');

  await week.getByRole('button', { name: 'Block nights', exact: true }).click();
  const blockedToast = toast(page, 'Nights blocked');
  await expect(blockedToast).toBeVisible();
  // The pointer on the toast holds it on screen while the nights are read.
  const undo = blockedToast.getByRole('button', { name: 'Undo', exact: true });
  await undo.hover();
  await expectNights(page, blocked, { state: 'blocked' });
  await expect(week).toContainText('7 of these nights are blocked.');
  await undo.click();
  await expect(toast(page, 'Change undone')).toBeVisible();
  await expectNights(page, blocked, {});
  await expect(week).not.toContainText('of these nights are blocked');

  // Blocked again, for good: the undone toast has gone, and a new one says so.
  await expect(blockedToast).toHaveCount(0);
  await week.getByRole('button', { name: 'Block nights', exact: true }).click();
  await expect(blockedToast).toBeVisible();
  await expectNights(page, blocked, { state: 'blocked' });

  // 3. With the keyboard: on a Thursday, Shift+ArrowRight twice selects three nights, Enter goes to the panel.
  await clickNight(page, priced.from);
  await expect(night(page, priced.from)).toBeFocused();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(night(page, addDays(priced.from, 1))).toBeFocused();
  await page.keyboard.press('Shift+ArrowRight');
  const last = addDays(priced.to, -1);
  await expect(night(page, last)).toBeFocused();
  for (const date of nightsOf(priced)) await expect(night(page, date)).toHaveAttribute('aria-selected', 'true');
  await expect(night(page, priced.to)).toHaveAttribute('aria-selected', 'false');
  await expect(night(page, addDays(priced.from, -1))).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Enter');
  const three = panel(page, priced);
  await expect(three.getByRole('heading', { name: rangeTitle(priced) })).toBeFocused();

  // $150 a night, saved with Enter: every night's name says the price was set for it.
  const price = three.getByLabel('Price per night', { exact: true });
  await expect(price).toHaveValue(String(PRICE_CENTS / 100));
  await price.fill(String(SET_PRICE_CENTS / 100));
  await price.press('Enter');
  await expect(toast(page, 'Price saved')).toBeVisible();
  await expectNights(page, priced, { priceCents: SET_PRICE_CENTS, setForNight: true });

  // A 3-night minimum for stays starting on them.
  const minStay = three.getByLabel('Minimum stay', { exact: true });
  await minStay.fill(String(MIN_STAY));
  await minStay.press('Enter');
  await expect(toast(page, 'Minimum stay saved')).toBeVisible();
  await expectNights(page, priced, { priceCents: SET_PRICE_CENTS, setForNight: true, minStay: MIN_STAY });

  // 4. A guest books three nights; the host, seeing them booked, cannot block them: the panel gives the server's
  // reason, naming the stay, and no night changes.
  const booking = await asAccount(playwright.request, guest, (api) => bookThroughApi(api, room._id, stay));
  await page.reload();
  await expectCalendarShown(page, title, start);
  await expectNights(page, stay, { state: `booked by ${guest.name}` });
  await clickNight(page, stay.from);
  await clickNight(page, addDays(stay.to, -1), true);
  const booked = panel(page, stay);
  await expect(booked.getByRole('link', { name: `${guest.name}'s stay` })).toBeVisible();
  await expect(booked).toContainText('holds 3 of these nights, which cannot be blocked.');
  await expect(booked.getByRole('alert')).toHaveCount(0);
  await booked.getByRole('button', { name: 'Block nights', exact: true }).click();
  await expect(booked.getByRole('alert')).toHaveText(
    `A confirmed stay from ${mediumDate(stay.from)} to ${mediumDate(stay.to)} holds some of these nights, so they cannot be blocked. Choose other nights, or cancel the stay first.`,
  );
  await expect(toast(page, 'Nights blocked')).toHaveCount(0);
  await expectNights(page, stay, { state: `booked by ${guest.name}` });

  // The stay's trip page, opened from the panel, leads back to the Calendar as it was (its listing and month).
  const calendarUrl = page.url();
  await booked.getByRole('link', { name: `${guest.name}'s stay` }).click();
  await expect(page).toHaveURL(atPath(`/dashboard/trips/${booking._id}`));
  await expect(page.getByRole('link', { name: 'Back to Manage Bookings' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Calendar' }).click();
  await expect(page).toHaveURL(calendarUrl);
  await expectCalendarShown(page, title, start);

  // Once the guest cancels, the nights are free: the refused block left nothing behind. (Cancelling at once also
  // leaves no stay in a room the admin's statistics test does not count.)
  await asAccount(playwright.request, guest, async (api) => {
    const cancelled = await api.delete(`${SEEDED_URL}/api/booking/${booking._id}`, { headers: sameOrigin() });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  });
  await page.reload();
  await expectCalendarShown(page, title, start);
  await expectNights(page, stay, {});
  // What the host set was saved: it is there after a reload.
  await expectNights(page, blocked, { state: 'blocked' });
  await expectNights(page, priced, { priceCents: SET_PRICE_CENTS, setForNight: true, minStay: MIN_STAY });

  // 6. The calendar, with blocked, priced and free nights, has no accessibility violation at either size.
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // 5. The guest, on the room's page: the blocked week cannot be picked, the nights around it can; from the
  // Thursday, the 1- and 2-night check-outs are not offered, the 3-night one is, at $150 a night.
  const guestContext = await browser.newContext({ baseURL: SEEDED_URL });
  try {
    const guestPage = await guestContext.newPage();
    await signInAs(guestPage, guest);
    await guestPage.goto(roomPath(room._id));
    await expect(calendar(guestPage).getByRole('grid')).toBeVisible();
    for (const date of nightsOf(blocked)) {
      await expect(await guestDay(guestPage, date), `the blocked night of ${date}`).toBeDisabled();
    }
    await expect(await guestDay(guestPage, addDays(blocked.from, -1)), 'the night before the blocked week').toBeEnabled();
    await expect(await guestDay(guestPage, blocked.to), 'the morning the blocked week ends').toBeEnabled();

    const oneNight = addDays(priced.from, 1);
    const twoNights = addDays(priced.from, 2);
    await expect(await guestDay(guestPage, oneNight), 'before a check-in is picked, it may start a stay').toBeEnabled();
    await expect(await guestDay(guestPage, twoNights), 'before a check-in is picked, it may start a stay').toBeEnabled();
    await (await guestDay(guestPage, priced.from)).click();
    await expect(await guestDay(guestPage, oneNight), 'a 1-night stay').toBeDisabled();
    await expect(await guestDay(guestPage, twoNights), 'a 2-night stay').toBeDisabled();
    await expect(await guestDay(guestPage, priced.to), 'a 3-night stay').toBeEnabled();
    await (await guestDay(guestPage, priced.to)).click();
    await expect(guestPage).toHaveURL((url) => url.searchParams.get('checkin') === priced.from && url.searchParams.get('checkout') === priced.to);
    const card = reservationCard(guestPage);
    await expect(card.getByRole('list', { name: 'Price details' })).toHaveText(`3 nights × ${usd(SET_PRICE_CENTS)}`);
    await expect(card.locator('p').filter({ has: guestPage.getByText('Total', { exact: true }) })).toHaveText(`Total${usd(3 * SET_PRICE_CENTS)}`);
  } finally {
    await guestContext.close();
  }

  // The room leaves the marketplace again.
  await asAccount(playwright.request, host, async (api) => {
    const removed = await api.delete(`${SEEDED_URL}/api/room/${room._id}`, { headers: sameOrigin() });
    expect(removed.status(), await removed.text()).toBe(200);
  });
});

test.describe('on a small screen (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the next 30 days scroll within their table, not the host's whole page", async ({ page }) => {
    await signInAs(page, DEMO.host);
    await page.goto('/dashboard/calendar');
    const overview = page.getByRole('table', { name: 'What holds each of the next 30 nights, per listing' });
    await expect(overview.getByRole('cell', { name: /: (free|booked|blocked)/ }).first()).toBeVisible();
    await expect(overview.getByText('Loading…')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
