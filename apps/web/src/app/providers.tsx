import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { queryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* At the bottom: clear of the fixed header and of the logo above the sign-in cards, however many stack up. */}
      <Toaster position="bottom-center" />
    </QueryClientProvider>
  );
}
