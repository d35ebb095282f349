import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastHost } from '../components/toast-host.tsx';
import { PwaHost } from '../components/pwa-host.tsx';
import '../i18n/index.ts';

/** App-wide providers: query cache, the one toast container (mounted with the first toast) and the installable app's notices. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
      <PwaHost />
    </QueryClientProvider>
  );
}
