import type { FirstRooms } from '@staybook/domain/rooms';
import { readSearch } from '@staybook/domain/search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { putFirstRooms } from './app/first-rooms';
import { routes } from './app/router';

/**
 * The home page's first view as HTML, painted by the server from the same components as the app (decision 037):
 * the header, the search bar, the categories and the first page of rooms that the page also embeds as JSON, which
 * the app's rooms query starts from (first-rooms.ts), so its first render is this one and it hydrates it as is.
 * Built by `npm run build` into dist-server/ and imported by the API's web plugin; like the browser build it
 * runs on Preact (`react-dom/server` is preact-render-to-string there).
 *
 * The page is the same for everyone (the API keeps it per search in its listing cache), so it is drawn as the
 * app draws it before the session is known: nobody is signed in. What loads lazily (toasts, the search sheet)
 * is not part of it: the app draws nothing for it on its first render either.
 */
export function renderHomePage(first: FirstRooms): string {
  const search = readSearch(new URLSearchParams(first.search));
  // One client per page: nothing is shared between renders, and nothing is fetched (only the seeded rooms are drawn).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  putFirstRooms(queryClient, search, first.page);
  const router = createMemoryRouter(routes, { initialEntries: [first.search ? `/?${first.search}` : '/'] });
  try {
    return renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  } finally {
    router.dispose();
    queryClient.clear();
  }
}
