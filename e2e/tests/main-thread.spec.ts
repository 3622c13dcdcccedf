import { expect, test } from '@playwright/test';
import { FIRST_ROOM_ELEMENT_ID, FIRST_ROOMS_ELEMENT_ID } from '@staybook/domain';
import { DEMO, signInAs } from '../support/auth';
import { PHONE_SLOWDOWN, traceLoad, type MainThreadFigures } from '../support/main-thread';
import { fetchSeededRoom, roomCards, roomPath } from '../support/rooms';

/**
 * The main-thread budget of the two pages a guest lands on (docs/decisions/064-main-thread-budget.md): while each
 * loads and hydrates, on a phone's CPU no task may block longer, and the long tasks together no more, than these
 * multiples of the reference workload, timed by the same trace in the same page.
 */
const BUDGET = {
  home: { longest: 4, blocking: 9 },
  room: { longest: 4.2, blocking: 5.5 },
} as const;

function report(name: keyof typeof BUDGET, figures: MainThreadFigures): void {
  const { longestMs, blockingMs, referenceMs, tasks } = figures;
  const line =
    `${name}, on a CPU ${PHONE_SLOWDOWN}× slower: reference ${referenceMs.toFixed(0)} ms; ${tasks} long tasks; ` +
    `longest ${longestMs.toFixed(0)} ms (${(longestMs / referenceMs).toFixed(2)}× the reference, budget ${BUDGET[name].longest}×); ` +
    `blocking ${blockingMs.toFixed(0)} ms (${(blockingMs / referenceMs).toFixed(2)}×, budget ${BUDGET[name].blocking}×)`;
  console.log(line);
  test.info().annotations.push({ type: 'main thread', description: line });
}

function expectWithin(name: keyof typeof BUDGET, { longestMs, blockingMs, referenceMs }: MainThreadFigures): void {
  expect(longestMs / referenceMs, `${name}: the longest task, in reference workloads`).toBeLessThanOrEqual(BUDGET[name].longest);
  expect(blockingMs / referenceMs, `${name}: the total blocking time, in reference workloads`).toBeLessThanOrEqual(BUDGET[name].blocking);
}

test('the home page loads and hydrates within its main-thread budget', async ({ browser, page }) => {
  const figures = await traceLoad(browser, page, '/', async () => {
    // The app has taken over the painted page: it takes the embedded rooms out when it starts.
    await expect(page.locator(`#${FIRST_ROOMS_ELEMENT_ID}`)).toHaveCount(0);
    await expect(roomCards(page).first()).toBeVisible();
  });
  report('home', figures);
  expectWithin('home', figures);
});

test('a room page, signed in, loads and hydrates within its main-thread budget', async ({ browser, page, request }) => {
  const room = await fetchSeededRoom(request);
  await signInAs(page, DEMO.guest);
  const figures = await traceLoad(browser, page, roomPath(room._id), async () => {
    await expect(page.locator(`#${FIRST_ROOM_ELEMENT_ID}`)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: room.title, level: 1 })).toBeVisible();
  });
  report('room', figures);
  expectWithin('room', figures);
});
