import './lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { seedFirstRooms } from './app/first-rooms';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { queryClient } from './lib/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

seedFirstRooms(queryClient, location);

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
