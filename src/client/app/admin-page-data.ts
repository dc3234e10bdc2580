/**
 * Decision 022: a server-rendered admin page (her client's page, for a valid session) carries the answers its first
 * render needs: her session and the client. They go into the query cache under the keys the page reads, on the server
 * before it renders and in the browser before it hydrates, so both render the same and nothing is asked again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AdminPageData } from '@shared/admin-page';
import { ADMIN_PAGE_DATA_ELEMENT_ID } from '@shared/constants';
import { seedClient } from '@/features/admin/clients/api/get-client';
import { sessionUserQueryOptions } from '@/lib/queries/get-session-user';

export function readAdminPageData(): AdminPageData | null {
  const element = document.getElementById(ADMIN_PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as AdminPageData;
  } catch {
    return null;
  }
}

export function seedAdminPageData(queryClient: QueryClient, data: AdminPageData | null, inBrowser: boolean): void {
  if (!data) return;
  queryClient.setQueryData(sessionUserQueryOptions().queryKey, data.me);
  seedClient(queryClient, data.client, inBrowser);
}
