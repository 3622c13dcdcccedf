import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LOCALE_COOKIE, reviewStateSchema, wishlistSchema, type Booking } from '@staybook/domain';
import { asAccount, DEMO, sameOrigin, signInAs } from '../support/auth';
import { addDays, fetchAllMyBookings } from '../support/bookings';
import { changeAnswers, failRequests } from '../support/network';
import { fetchSeededRoom, roomPath } from '../support/rooms';
import { today } from '../support/search';
import { SEEDED_URL } from '../support/servers';

/**
 * Every page a person can reach, at a phone's width and a laptop's, in English and in Spanish: nothing is cut or
 * spills out sideways. On each page, once its level-one heading is up and nothing is loading any more:
 *   (a) the document does not scroll sideways;
 *   (b) no visible button, link, tab, table header cell or label shows its text cut: neither clipped by itself (an
 *       element inside it with overflow hidden or clip, or an ellipsis, whose content is wider than its box) nor by a
 *       box around it that hides what does not fit. Text shortened on purpose is let be: an ellipsis, with the whole
 *       text in a `title` or in the control's accessible name;
 *   (c) no element reaches past the viewport's right edge (what a box that scrolls or clips holds counts as far as
 *       that box shows it).
 * The demo marketplace's accounts are only looked at (pages and dialogs are opened, nothing is sent: a form sent empty
 * stops at its errors), so the pages carry the demo's bookings, earnings, messages and reviews. Only lists are made,
 * the guest's (the demo has none): one for the guest's own pages, and one shared by its link for a visitor's.
 */

const WIDTHS = [375, 1366] as const;
const LOCALES = ['en', 'es'] as const;
type Locale = (typeof LOCALES)[number];

/** A place to visit: an address, or what a page shows once a button is pressed (a dialog, a form's errors). */
interface Stop {
  name: string;
  path: string;
  /** Presses a button on the page once it is up, and answers what that brings up (a dialog, an error) to wait for. */
  open?: (page: Page) => Promise<Locator>;
  /** Requests that fail while the stop is open, as with the server out of reach: the page shows what it says then. */
  unreachable?: (url: URL) => boolean;
  /**
   * The server's answers to the reads `matches` picks, as `change` makes them, while the stop is open: for a state of
   * the page that the demo's data is not certain to be in when the stop comes.
   */
  answered?: { matches: (url: URL) => boolean; change: (answer: unknown) => unknown };
}

/** The faults of the page as it is drawn now, each a line naming the element and its text. */
function layoutFaults(): string[] {
  const faults: string[] = [];
  const root = document.documentElement;
  const viewportRight = root.clientWidth;
  if (root.scrollWidth > root.clientWidth) {
    faults.push(`the page scrolls sideways: ${root.scrollWidth}px of content in ${root.clientWidth}px`);
  }
  const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const describe = (el: Element) => {
    const text = textOf(el) || el.getAttribute('aria-label') || el.getAttribute('title') || '';
    return `<${el.tagName.toLowerCase()}> "${text.length > 70 ? `${text.slice(0, 70)}…` : text}"`;
  };
  const shown = (el: Element) => {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  /** Hidden on purpose for all but screen readers (`sr-only`): clipped to nothing. */
  const offScreenText = (el: Element) => {
    for (let at: Element | null = el; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.clip !== 'auto' || style.clipPath.startsWith('inset(50%')) return true;
    }
    return false;
  };
  /** The whole text is in a `title` or an `aria-label` of the element or of one around it. */
  const wholeTextGiven = (el: Element, whole: string) => {
    for (let at: Element | null = el; at; at = at.parentElement) {
      if ((at.getAttribute('title') ?? '').includes(whole) || (at.getAttribute('aria-label') ?? '').includes(whole)) return true;
    }
    return false;
  };
  const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
  const hides = (style: CSSStyleDeclaration) => style.overflowX === 'hidden' || style.overflowX === 'clip';

  // (b) Cut text in a control.
  const controls = document.querySelectorAll('button, a[href], [role="button"], [role="link"], [role="tab"], th, [role="columnheader"], label, summary');
  for (const control of Array.from(controls)) {
    if (!shown(control) || offScreenText(control) || textOf(control) === '') continue;
    for (const el of [control, ...Array.from(control.querySelectorAll('*'))]) {
      if (!shown(el) || offScreenText(el)) continue;
      const style = getComputedStyle(el);
      const ellipsis = style.textOverflow === 'ellipsis';
      if (!hides(style) && !ellipsis) continue;
      const whole = textOf(el);
      if (el.scrollWidth <= el.clientWidth + 1 || whole === '') continue;
      // Shortened on purpose: an ellipsis shows it, and the whole text is in a title or a name given around it.
      if (ellipsis && wholeTextGiven(el, whole)) continue;
      faults.push(`${describe(control)} is cut: ${el.scrollWidth}px of text in a ${el.clientWidth}px box`);
      break;
    }
    // Cut by a box around it that hides what does not fit (not one that scrolls: the person can scroll to it).
    const box = control.getBoundingClientRect();
    for (let at = control.parentElement; at && at !== document.body; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (!hides(style)) continue;
      const frame = at.getBoundingClientRect();
      if (box.right > frame.right + 1 || box.left < frame.left - 1) {
        const seen = Math.max(0, Math.min(box.right, frame.right) - Math.max(box.left, frame.left));
        faults.push(`${describe(control)} is cut by the box around it: ${Math.round((100 * seen) / box.width)}% of it shows`);
        break;
      }
    }
  }

  // A table wider than its box: the box scrolls, and what sits at the end of its rows is out of sight (My Listings'
  // 'Calendar sync' once showed 8 % of itself at 1366 px). Named by the controls and header cells it hides.
  for (const table of Array.from(document.querySelectorAll('table'))) {
    if (!shown(table) || offScreenText(table)) continue;
    let frame = table.parentElement;
    while (frame && frame !== document.body && !clips(getComputedStyle(frame))) frame = frame.parentElement;
    if (!frame || frame === document.body || frame.scrollWidth <= frame.clientWidth + 1) continue;
    // Made to scroll: a named region the keyboard can focus to scroll it (the payout statement's stays on a phone).
    if (frame.getAttribute('role') === 'region' && frame.tabIndex >= 0 && frame.hasAttribute('aria-label')) continue;
    const edge = frame.getBoundingClientRect();
    const hidden = Array.from(table.querySelectorAll('button, a[href], th'))
      .filter((el) => shown(el) && el.getBoundingClientRect().right > edge.right + 1)
      .map((el) => `"${textOf(el)}"`);
    const name = table.getAttribute('aria-label') ?? textOf(table.caption ?? table).slice(0, 40);
    faults.push(`the table "${name}" scrolls sideways in its box (${frame.scrollWidth}px in ${frame.clientWidth}px), hiding ${hidden.slice(0, 6).join(', ') || 'its last columns'}`);
  }

  // (c) Past the viewport's right edge, as far as the boxes that scroll or clip let it show.
  const past = new Set<Element>();
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (!shown(el) || offScreenText(el)) continue;
    let right = el.getBoundingClientRect().right;
    for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
      if (clips(getComputedStyle(at))) right = Math.min(right, at.getBoundingClientRect().right);
    }
    if (right > viewportRight + 1) {
      past.add(el);
      // Only the outermost: what is inside it goes past because it does.
      if (!(el.parentElement && past.has(el.parentElement))) {
        faults.push(`${describe(el)} reaches ${Math.round(right)}px, past the viewport's ${viewportRight}px`);
      }
    }
  }
  return faults;
}

/** Nothing is loading any more, and every animation that ends (a dialog opening) has ended: things are at rest. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: /^(Loading|Cargando)/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Two frames: the layout of a new viewport size has been made and painted.
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}

/** Opens the stop and waits for its heading, then (when it has one) for what its button brings up. */
async function arrive(page: Page, stop: Stop, locale: Locale): Promise<void> {
  await page.goto(stop.path);
  await expect(page.getByRole('heading', { level: 1 }).first(), `${stop.name}: its heading`).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  if (stop.open) await expect(await stop.open(page), `${stop.name}: what its button brings up`).toBeVisible();
}

/**
 * Visits every stop, measuring it at each width in turn (the window resized, as the phone-size checks of the other
 * specs do); fails once, listing every fault of every page.
 */
async function expectEveryStopFits(page: Page, locale: Locale, stops: readonly Stop[]): Promise<void> {
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: SEEDED_URL }]);
  const found: string[] = [];
  for (const stop of stops) {
    // The server is out of reach, or answers as changed, for this stop only.
    const reachable = stop.unreachable ? await failRequests(page, stop.unreachable) : () => {};
    const unchanged = stop.answered ? await changeAnswers(page, stop.answered.matches, stop.answered.change) : () => {};
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await arrive(page, stop, locale);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await settle(page);
      for (const fault of await page.evaluate(layoutFaults)) found.push(`${stop.name} (${stop.path}) at ${width}px in ${locale}: ${fault}`);
    }
    reachable();
    unchanged();
  }
  expect(found, `cut or overflowing on ${found.length} counts:\n${found.join('\n')}\n`).toEqual([]);
}

/** The address of the first link on `path` whose address starts with `prefix`, or null when it has none. */
async function firstLinkOn(page: Page, path: string, prefix: string): Promise<string | null> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^(Loading|Cargando)/ })).toHaveCount(0);
  const link = page.locator(`a[href^="${prefix}"]`).first();
  if ((await link.count()) === 0) return null;
  return link.getAttribute('href');
}

/** A new list of the signed-in person's, named `name`, holding the room: its id. */
async function listHolding(api: APIRequestContext, name: string, roomId: string): Promise<string> {
  const made = await api.post(`${SEEDED_URL}/api/wishlists`, { headers: sameOrigin(), data: { name } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = wishlistSchema.parse(await made.json());
  expect((await api.put(`${SEEDED_URL}/api/wishlists/${id}/rooms/${roomId}`, { headers: sameOrigin() })).status()).toBe(200);
  return id;
}

/** A dialog opened by the first button whose name matches (in either language). */
function dialogOf(name: RegExp): (page: Page) => Promise<Locator> {
  return async (page) => {
    await page.getByRole('button', { name }).first().click();
    return page.getByRole('dialog').last();
  };
}

/** A form sent by its button with nothing filled in: it stops at its errors, one of which matches `error`. */
function sentEmpty(button: RegExp, error: RegExp): (page: Page) => Promise<Locator> {
  return async (page) => {
    await page.getByRole('button', { name: button }).click();
    return page.getByText(error).first();
  };
}

test.describe.configure({ mode: 'parallel' });

for (const locale of LOCALES) {
  // A visitor's room page asks them to log in first: it is visited signed in, with the guest's pages.
  test(`a visitor's pages fit at 375 and 1366 px (${locale})`, async ({ page, request, playwright }) => {
    const room = await fetchSeededRoom(request);
    // A list the guest shares by its link, with a room and a stay, as the person they send it to opens it signed out.
    const token = await asAccount(playwright.request, DEMO.guest, async (api) => {
      const id = await listHolding(api, `Shared in ${locale}`, room._id);
      const stay = { checkin: addDays(today(), 40), checkout: addDays(today(), 44), guests: 2 };
      const dated = await api.patch(`${SEEDED_URL}/api/wishlists/${id}`, { headers: sameOrigin(), data: stay });
      expect(dated.status(), await dated.text()).toBe(200);
      const shared = await api.post(`${SEEDED_URL}/api/wishlists/${id}/share`, { headers: sameOrigin() });
      expect(shared.status(), await shared.text()).toBe(200);
      return wishlistSchema.parse(await shared.json()).shareToken;
    });
    expect(token, 'the shared list has a link').not.toBeNull();
    await expectEveryStopFits(page, locale, [
      { name: 'Home', path: '/' },
      { name: 'Search results', path: '/?where=Greece&guests=2' },
      { name: 'Log in', path: '/login' },
      { name: 'Sign up', path: '/signup' },
      { name: 'Password reset', path: '/reset-password?token=a-token' },
      { name: 'Password reset, link gone wrong', path: '/reset-password?error=INVALID_TOKEN' },
      { name: 'E-mail verification, link gone wrong', path: '/verify-email?error=invalid_token' },
      { name: 'Not found', path: '/no-such-page' },
      { name: 'Shared wishlist', path: `/wishlists/shared/${token!}` },
      // A link that opens no list, as one whose owner has stopped sharing it: the error screen says so.
      { name: 'Shared wishlist, link gone wrong', path: `/wishlists/shared/${'0'.repeat(43)}` },
      // Back from Google with no session: the sign-in did not finish, and the login page says so.
      { name: 'Signing in, no session', path: '/auth/complete?to=%2Fdashboard' },
      // Back from Google while the session cannot be read: the error screen, with 'Try again'.
      { name: 'Signing in, server out of reach', path: '/auth/complete?to=%2Fdashboard', unreachable: (url) => url.pathname === '/api/auth/get-session' },
    ]);
  });

  test(`a guest's pages fit at 375 and 1366 px (${locale})`, async ({ page, request, playwright }) => {
    test.slow();
    const room = await fetchSeededRoom(request);
    // The demo has no lists: the guest gets one holding a room, so a list's own page is measured too.
    const list = await asAccount(playwright.request, DEMO.guest, (api) => listHolding(api, `Measured in ${locale}`, room._id));
    // The seed's stay that ended two days ago is the guest's last finished one: its review page holds the form (or the
    // reviews, once the run's other tests have written them). An older stay's page shows its reviews as published; one
    // whose days to review passed with no review from either side says so.
    const [finished, reviewed, unreviewed] = await asAccount(playwright.request, DEMO.guest, async (api) => {
      const past = (await fetchAllMyBookings(api)).filter((booking) => booking.state === 'past').sort((a, b) => b.to.localeCompare(a.to));
      let unreviewed: Booking | undefined;
      for (const booking of past.filter((stay) => stay.review && !stay.review.written && stay.review.closesOn < today())) {
        const response = await api.get(`${SEEDED_URL}/api/booking/${booking._id}/review`);
        expect(response.status(), await response.text()).toBe(200);
        const state = reviewStateSchema.parse(await response.json());
        if (state.problem === 'window-closed' && !state.mine && !state.theirs) {
          unreviewed = booking;
          break;
        }
      }
      return [past[0], past.find((booking) => booking.review?.written && booking.review.closesOn < today()), unreviewed];
    });
    expect([finished, reviewed, unreviewed], 'the demo guest has a finished stay, an older one reviewed and one never reviewed').not.toContain(undefined);
    await signInAs(page, DEMO.guest);
    const trip = await firstLinkOn(page, '/dashboard/my-bookings', '/dashboard/trips/');
    const stops: Stop[] = [
      { name: 'Home, signed in', path: '/' },
      { name: 'Room', path: roomPath(room._id) },
      { name: 'Statistics', path: '/dashboard' },
      { name: 'My Bookings', path: '/dashboard/my-bookings' },
      { name: 'Wishlists', path: '/dashboard/wishlists' },
      { name: 'Messages', path: '/dashboard/messages' },
      { name: 'Profile', path: '/dashboard/profile' },
      { name: 'Update Profile', path: '/dashboard/profile', open: dialogOf(/^(Update Profile|Actualizar perfil)$/i) },
    ];
    expect(trip, 'the demo guest has a trip').not.toBeNull();
    stops.push(
      { name: 'Trip', path: trip! },
      { name: 'Receipt', path: `${trip!}/receipt` },
      { name: 'Wishlist', path: `/dashboard/wishlists/${list}` },
      { name: 'Review', path: `/dashboard/trips/${finished!._id}/review` },
      { name: 'Review, published', path: `/dashboard/trips/${reviewed!._id}/review` },
      { name: 'Review, days passed', path: `/dashboard/trips/${unreviewed!._id}/review` },
      // The form sent empty, an error under each field. The finished stay is the only one whose form the seed leaves
      // open, and the run's other tests may have reviewed it by now: the server's answer is taken as it stood before
      // either side wrote (its window is open for days yet), and nothing is sent.
      {
        name: 'Review, sent empty',
        path: `/dashboard/trips/${finished!._id}/review`,
        answered: {
          matches: (url) => url.pathname === `/api/booking/${finished!._id}/review`,
          change: (answer) => ({ ...reviewStateSchema.parse(answer), problem: null, mine: null, theirs: null }),
        },
        open: sentEmpty(/^(Submit review|Enviar reseña)$/, /^(Please write your review|Escribe tu reseña)$/),
      },
    );
    await expectEveryStopFits(page, locale, stops);
  });

  test(`a host's pages fit at 375 and 1366 px (${locale})`, async ({ page }) => {
    test.slow();
    await signInAs(page, DEMO.host);
    const pricing = await firstLinkOn(page, '/dashboard/my-listings', '/dashboard/listings/');
    const trip = await firstLinkOn(page, '/dashboard/manage-bookings', '/dashboard/trips/');
    const statement = await firstLinkOn(page, '/dashboard/earnings', '/dashboard/earnings/payouts/');
    const stops: Stop[] = [
      { name: 'Statistics', path: '/dashboard' },
      { name: 'My Listings', path: '/dashboard/my-listings' },
      { name: 'Update a room', path: '/dashboard/my-listings', open: dialogOf(/^(Update|Actualizar) /) },
      { name: 'Calendar sync', path: '/dashboard/my-listings', open: dialogOf(/^(Calendar sync|Sincronización de calendario)/) },
      { name: 'Add a room', path: '/dashboard/add-room' },
      { name: 'Calendar', path: '/dashboard/calendar' },
      { name: 'Manage Bookings', path: '/dashboard/manage-bookings' },
      { name: 'Requests', path: '/dashboard/requests' },
      { name: 'Earnings', path: '/dashboard/earnings' },
      { name: 'Payouts', path: '/dashboard/payouts' },
      { name: 'Messages', path: '/dashboard/messages' },
    ];
    // The demo host has listings, guests' stays and payouts (the seed's scenes): each page is there to measure.
    expect([pricing, trip, statement], 'the demo host has a listing, a booked stay and a payout').not.toContain(null);
    stops.push({ name: 'Pricing and availability', path: pricing! }, { name: "A guest's stay", path: trip! }, { name: 'Payout statement', path: statement! });
    await expectEveryStopFits(page, locale, stops);
  });

  test(`an admin's pages fit at 375 and 1366 px (${locale})`, async ({ page }) => {
    await signInAs(page, DEMO.admin);
    await expectEveryStopFits(page, locale, [
      { name: 'Statistics', path: '/dashboard' },
      { name: 'Manage Users', path: '/dashboard/manage-users' },
      { name: 'Decline host request', path: '/dashboard/manage-users', open: dialogOf(/^(Decline|Rechazar)/) },
      { name: 'Finance', path: '/dashboard/finance' },
      { name: 'Fees', path: '/dashboard/fees' },
    ]);
  });
}
