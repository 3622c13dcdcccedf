import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { BecomeHostDialog } from '../../features/users/components/become-host-dialog';
import { jsonResponse } from '../../testing/fetch';
import { sampleUser } from '../../testing/samples';
import { AppRoot } from './app-root';

const GUS = sampleUser({ id: 'u1', email: 'guest@staybook.example' });
const json = (status: number, body: unknown) => jsonResponse(body, status);

/** Where the app is, who it thinks is signed in, and where the login guard would return to. */
function WhereAmI() {
  const location = useLocation();
  const { user } = useAuth();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname ?? 'nowhere';
  return (
    <p data-testid="where">{`${location.pathname} | ${user ? user.email : 'signed out'} | from ${from}`}</p>
  );
}

function where(): string | null {
  return screen.queryByTestId('where')?.textContent ?? null;
}

function renderApp(hostRequestAnswer: () => Response) {
  let sessionRequests = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input);
      if (path === '/api/auth/get-session') {
        sessionRequests += 1;
        return json(200, { user: GUS });
      }
      if (path === '/api/user' && init?.method === 'PUT') return hostRequestAnswer();
      if (path.startsWith('/api/user/')) return json(200, { ...GUS, _id: GUS.id, createdAt: '2025-01-01T00:00:00Z' });
      return json(404, { error: { code: 'NOT_FOUND', message: `Nothing here: ${path}` } });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: <AppRoot />,
        children: [
          {
            path: '/dashboard',
            element: (
              <>
                <WhereAmI />
                <BecomeHostDialog open onClose={() => {}} />
              </>
            ),
          },
          { path: '/login', element: <WhereAmI /> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { queryClient, sessionRequests: () => sessionRequests };
}

beforeEach(() => {
  toast.remove();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an API call the server refuses', () => {
  it('on a 401, signs the user out and goes to /login, carrying the page they were on', async () => {
    const { queryClient } = renderApp(() => json(401, { error: { code: 'UNAUTHORIZED', message: 'Please sign in.' } }));
    await waitFor(() => expect(where()).toBe('/dashboard | guest@staybook.example | from nowhere'));

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(where()).toBe('/login | signed out | from /dashboard'));
    expect(queryClient.getQueryData(['auth', 'session'])).toBeNull();
  });

  it('on a 403, shows the server\'s message and keeps the user signed in on the same page', async () => {
    const { queryClient, sessionRequests } = renderApp(() =>
      json(403, { error: { code: 'FORBIDDEN', message: 'You do not have the role this needs.' } }),
    );
    await waitFor(() => expect(where()).toBe('/dashboard | guest@staybook.example | from nowhere'));

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('You do not have the role this needs.')).toBeTruthy();
    expect(where()).toBe('/dashboard | guest@staybook.example | from nowhere');
    expect(queryClient.getQueryData(['auth', 'session'])).toEqual(GUS);
    expect(sessionRequests()).toBe(1);
  });
});
