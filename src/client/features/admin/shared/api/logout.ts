/** POST /api/auth/logout: ends the server session (docs/product.md §4, §7: no body, JSON content type). */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '@/lib/api';
import { sessionUserQueryOptions } from '@/lib/queries/get-session-user';
import { LOGIN_PATH } from '../admin-paths';
import { forgetOfflineData } from '../offline/offline-store';
import { runBeforeSignOut } from '../before-sign-out';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout', undefined, { 'Content-Type': 'application/json' });
}

/**
 * Everything only a signed-in administrator may read: dropped when she signs out or her session ends, including
 * what her phone kept for offline use (decision 026: day sheets, the session, the service worker's page cache).
 */
export function forgetAdminData(queryClient: QueryClient): void {
  void forgetOfflineData();
  queryClient.setQueryData(sessionUserQueryOptions().queryKey, null);
  queryClient.removeQueries({
    predicate: ({ queryKey }) =>
      typeof queryKey[0] === 'string' && /^\/api\/(admin\/|bookings\/range)/.test(queryKey[0]),
  });
}

/**
 * On success: to /admin/login, then the user is cleared and the admin's data forgotten (in that order, so the dashboard
 * never redirects on its own).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    // What must reach the server while the session stands (queued check-in presses) goes first.
    mutationFn: async () => {
      await runBeforeSignOut();
      await logout();
    },
    onSuccess: () => {
      navigate(LOGIN_PATH, { replace: true });
      forgetAdminData(queryClient);
    },
  });
}
