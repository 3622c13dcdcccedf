import './lib/zod-setup';
import { CURRENCY_META_NAME, setMarketplaceCurrency } from '@staybook/domain/money';
import { StrictMode, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { seedFirstRoom } from './app/first-room';
import { startInPageLanguage } from './app/page-language';
import { seedFirstRooms } from './app/first-rooms';
import { AppProviders } from './app/providers';
import { startRoomPage } from './app/room-head-start';
import { discoverRoutes, loadRoomPage, routes } from './app/router';
import { forgetEarlyInput, hydrateInTurns, keepEarlyInput } from './lib/hydrate-later';
import { queryClient } from './lib/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
keepEarlyInput(root);

// Every amount is drawn in the marketplace's currency, which the server names in the page (decision 061).
const currency = document.querySelector<HTMLMetaElement>(`meta[name="${CURRENCY_META_NAME}"]`)?.content;
if (currency && /^[A-Z]{3}$/.test(currency)) setMarketplaceCurrency(currency);

const seeded = seedFirstRooms(queryClient, location);
const seededRoom = seedFirstRoom(queryClient, location.pathname);
// A painted room page came with its session and room; the page's code is loaded below, before hydrating.
if (!seededRoom) startRoomPage(queryClient, location.pathname, loadRoomPage);

// The router adds the dashboard's routes the first time it is asked for a dashboard address (router.tsx).
const makeApp = () => (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createBrowserRouter(routes, { patchRoutesOnNavigation: discoverRoutes })} />
    </AppProviders>
  </StrictMode>
);
let app: ReactElement | undefined;
// The router is made in a task of its own, queued before any start below: its set-up (reading the address and
// the saved scroll positions, matching the routes) was half of the modules' first run on a phone.
setTimeout(() => (app ??= makeApp()));

/** Takes the server's HTML over, or draws the page itself into an emptied root. */
const start = (hydrate: boolean) => {
  const page = (app ??= makeApp());
  if (hydrate && root.hasChildNodes()) {
    hydrateInTurns(root, () => hydrateRoot(root, page));
  } else {
    forgetEarlyInput(root);
    root.replaceChildren();
    createRoot(root).render(page);
  }
};

// The home page, and a room page for a signed-in viewer, arrive painted by the server from the same components and
// the same data (entry-server.tsx, decision 045): the app takes that HTML over instead of drawing it again. Every
// other page, and those when the server could not paint them, arrive with an empty root. Should the app not use the
// data the page was painted from (a check-in date that passed while the home page was cached), its first render
// differs, so it draws the page itself. A room page hydrates once its code is here, so its first render is the
// page, not a loader; should the code not load, the app draws the page and its lazy load retries.
// A page in another language than English waits for its catalog first (app/page-language.ts).
const language = startInPageLanguage();
if (language) {
  Promise.all([language, seededRoom ? loadRoomPage() : null]).then(
    () => setTimeout(() => start(seeded || seededRoom)),
    () => start(false),
  );
} else if (seededRoom) {
  loadRoomPage().then(
    // In a task of its own, not the one that ran the page's code: a phone's main thread is never blocked by both.
    () => setTimeout(() => start(true)),
    () => start(false),
  );
} else {
  // Its own task too: the modules' first run is the page load's longest task, and hydrating in it made it longer.
  setTimeout(() => start(seeded));
}
