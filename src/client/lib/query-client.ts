import { QueryClient } from '@tanstack/react-query';

/**
 * Defaults per docs/product.md §9: data is fetched once and kept (no polling, no refetch on
 * focus, never stale) and failures are not retried. Individual queries opt in to more
 * (e.g. availability refetches on focus). There is no default queryFn: each endpoint's file
 * under api/ (or lib/queries/) brings its own fetcher with its key.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The browser's one client. The server renderer makes its own per page (entry-server.tsx). */
export const queryClient = createQueryClient();
