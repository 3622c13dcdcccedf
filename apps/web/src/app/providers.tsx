import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { loadToasts } from '../lib/notify';
import { queryClient } from '../lib/query-client';

// Loaded once the app has started: nothing at first paint needs it (decision 017).
const Toaster = lazy(() => loadToasts().then(({ Toaster }) => ({ default: Toaster })));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* At the bottom: clear of the fixed header and of the logo above the sign-in cards, however many stack up. */}
      <Suspense fallback={null}>
        <Toaster position="bottom-center" />
      </Suspense>
    </QueryClientProvider>
  );
}
