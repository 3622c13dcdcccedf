import type { SessionUser } from '@staybook/domain/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { AuthContext, type AuthContextValue } from '../features/auth/hooks/use-auth';

/** What `useAuth` answers once the session is known: `user`, or nobody. */
export function signedIn(user: SessionUser | null): AuthContextValue {
  return { user, loading: false, error: null } as unknown as AuthContextValue;
}

/** A query client of the test's own: nothing cached from another test, and a failure is shown at once, not retried. */
function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** The app's providers around `children`: a fresh query client and, when `user` is given (null: nobody), the session. */
export function TestProviders({ user, children }: { user?: SessionUser | null; children: ReactNode }) {
  const [client] = useState(testQueryClient);
  const tree = <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return user === undefined ? tree : <AuthContext value={signedIn(user)}>{tree}</AuthContext>;
}

/** Renders `ui` inside the app's providers and a router at `path`. */
export function renderWithProviders(ui: ReactNode, { path = '/', user }: { path?: InitialEntry; user?: SessionUser | null } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TestProviders user={user}>{ui}</TestProviders>
    </MemoryRouter>,
  );
}
