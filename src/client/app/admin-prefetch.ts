/**
 * Decision 021: on a cold load of an admin page, its data is asked for as soon as the first bundle runs,
 * in parallel with the admin chunk's download and with GET /api/auth/me, instead of after both. Only when this
 * browser holds the signed-in hint: a signed-out visit asks for nothing more than before.
 */
import type { QueryClient } from '@tanstack/react-query';
import { SERVER_RENDERED_TODAY_PAGE } from '@shared/admin-page';
import { ADMIN_PAGE_DATA_ELEMENT_ID } from '@shared/constants';
import { prefetchClient } from '@/features/admin/clients/api/get-client';
import { clientKeys } from '@/features/admin/clients/client-keys';
import { sessionUserQueryOptions } from '@/lib/queries/get-session-user';
import { hasSignedInHint } from '@/lib/signed-in-hint';

const CLIENT_PAGE = /^\/admin\/clients\/(\d{1,15})$/;

export function prefetchAdminData(queryClient: QueryClient, pathname: string): void {
  if (!pathname.startsWith('/admin/') || pathname.startsWith('/admin/login') || !hasSignedInHint()) return;
  void queryClient.prefetchQuery(sessionUserQueryOptions());
  const clientId = Number(CLIENT_PAGE.exec(pathname)?.[1] ?? 0);
  // A server-rendered page brought the client with it (decision 022): nothing to ask for.
  if (clientId > 0 && !queryClient.getQueryData(clientKeys.detail(clientId)))
    void prefetchClient(queryClient, clientId);
  // Today (decision 033), when the server did not render it (it failed, or the worker answered with the kept shell):
  // the day sheet and the pending list (the tab's badge). A chunk of its own: the public pages' first bundle stays as
  // it was.
  // Not when the phone says it is offline: the chunk is not in the worker's precache, and the answers would fail.
  if (
    pathname === SERVER_RENDERED_TODAY_PAGE &&
    navigator.onLine &&
    !document.getElementById(ADMIN_PAGE_DATA_ELEMENT_ID)
  )
    void import('./today-prefetch').then((m) => m.prefetchToday(queryClient)).catch(() => {});
}
