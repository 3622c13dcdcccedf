import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { ToasterProps } from 'react-hot-toast';
import { loadToasts } from '../lib/notify';
import { queryClient } from '../lib/query-client';

// Loaded once the app has started: nothing at first paint needs it (decision 017). Should it fail to load, the app
// goes on without toasts rather than failing as a whole.
const Toaster = lazy(() =>
  loadToasts().then(
    ({ Toaster }): { default: ComponentType<ToasterProps> } => ({ default: Toaster }),
    () => ({ default: NoToaster }),
  ),
);

const NoToaster: ComponentType<ToasterProps> = () => null;

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
