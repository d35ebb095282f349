/** The TanStack Query client. Failed calls are not retried: the client already toasted them. */
import { QueryClient } from '@tanstack/react-query';

/** Builds a query client with the app's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's one query client. */
export const queryClient = createQueryClient();
