import { withLocale, type Locale } from '@staybook/domain/locale';
import type { FirstRoomPage, FirstRooms } from '@staybook/domain/rooms';
import { setMarketplaceCurrency } from '@staybook/domain/money';
import { readSearch } from '@staybook/domain/search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { putFirstRoom } from './app/first-room';
import { putFirstRooms } from './app/first-rooms';
import { loadRoomPage, routes } from './app/router';
// Every language's catalog is built into the renderer: each page is painted in its visitor's (decision 062).
import './locales/es/catalog';

/**
 * The home page's first view as HTML, painted by the server from the same components as the app (decision 045):
 * the header, the search bar, the categories and the first page of rooms that the page also embeds as JSON, which
 * the app's rooms query starts from (first-rooms.ts), so its first render is this one and it hydrates it as is.
 * Built by `npm run build` into dist-server/ and imported by the API's web plugin; like the browser build it
 * runs on Preact (`react-dom/server` is preact-render-to-string there).
 *
 * The home page is the same for everyone (the API keeps it per search in its listing cache), so it is drawn as the
 * app draws it before the session is known: nobody is signed in. A room page is drawn per viewer (renderRoomPage).
 * What loads lazily (toasts, the search sheet) is not part of either: the app draws nothing for it on its first
 * render either. Both pages are drawn in the marketplace's currency, which the server names: this build has its own
 * copy of the domain's money.ts (decision 061).
 */
export function renderHomePage(first: FirstRooms, locale: Locale = 'en', currency?: string): string {
  if (currency) setMarketplaceCurrency(currency);
  const search = readSearch(new URLSearchParams(first.search));
  const queryClient = newQueryClient();
  putFirstRooms(queryClient, search, first.page);
  return renderAt(first.search ? `/?${first.search}` : '/', queryClient, locale);
}

/**
 * A room page's first view for one signed-in viewer: the header, the gallery, the room's details and the
 * reservation card, drawn with the session and the room the page also embeds, which the app starts from
 * (first-room.ts). `address` is the page's path and query. The page's code is loaded first, as the app loads it
 * before hydrating, so both draw the page rather than a loader; what loads later (the calendar, the reviews)
 * draws nothing on either side.
 */
export async function renderRoomPage(first: FirstRoomPage, address: string, locale: Locale = 'en', currency?: string): Promise<string> {
  if (currency) setMarketplaceCurrency(currency);
  await loadRoomPage();
  const queryClient = newQueryClient();
  putFirstRoom(queryClient, first);
  return renderAt(address, queryClient, locale);
}

/** One client per page: nothing is shared between renders, and nothing is fetched (only the seeded data is drawn). */
function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/** Drawn in `locale`, its texts, dates and numbers: the app, started in the same language, draws the same page. */
function renderAt(address: string, queryClient: QueryClient, locale: Locale): string {
  const router = createMemoryRouter(routes, { initialEntries: [address] });
  try {
    return withLocale(locale, () => renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ));
  } finally {
    router.dispose();
    queryClient.clear();
  }
}
