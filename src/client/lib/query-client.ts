import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * Defaults per SPEC §9: data is fetched once and kept (no polling, no refetch on focus,
 * never stale) and failures are not retried. Individual queries opt in to more
 * (e.g. the pending list polls every 30 s, availability refetches on focus).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
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
