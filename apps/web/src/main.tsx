import './lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { seedFirstRooms } from './app/first-rooms';
import { AppProviders } from './app/providers';
import { startRoomPage } from './app/room-head-start';
import { loadRoomPage, routes } from './app/router';
import { queryClient } from './lib/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const seeded = seedFirstRooms(queryClient, location);
startRoomPage(queryClient, location.pathname, loadRoomPage);

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProviders>
  </StrictMode>
);

// The home page arrives painted by the server from the same components and the same first rooms
// (entry-server.tsx, decision 037): the app takes that HTML over instead of drawing it again. Every other page,
// and the home page when the server could not paint it, arrives with an empty root. Should the app not use the
// rooms the page was painted from (a check-in date that passed while the page was cached), its first render
// differs, so it draws the page itself.
if (seeded && root.hasChildNodes()) {
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
