/**
 * Decisions 022, 033: a server-rendered admin page (her client's page or Today, for a valid session) carries the
 * answers its first render needs: her session, and the client or today's day sheet with its check-ins and receipts.
 * They go into the query cache under the keys the page reads, on the server
 * before it renders and in the browser before it hydrates, so both render the same and nothing is asked again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AdminPageData } from '@shared/admin-page';
import { ADMIN_PAGE_DATA_ELEMENT_ID } from '@shared/constants';
import { seedCheckIns } from '@/features/admin/check-in/api/get-check-ins';
import { seedClient } from '@/features/admin/clients/api/get-client';
import { seedReceipts } from '@/features/admin/receipts/api/get-receipts';
import { seedDaySheet } from '@/features/admin/today/api/get-day-sheet';
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
  // Dated when the server drew the page: the Today the admin worker kept, opened later without coverage, asks again and
  // so shows her it is offline (a page just drawn does not ask).
  const drawnAt = data.daySheet ? Date.parse(data.daySheet.generatedAt) : NaN;
  queryClient.setQueryData(
    sessionUserQueryOptions().queryKey,
    data.me,
    Number.isNaN(drawnAt) ? {} : { updatedAt: drawnAt },
  );
  if (data.client) seedClient(queryClient, data.client, inBrowser);
  if (data.daySheet) seedDaySheet(queryClient, data.daySheet);
  if (data.daySheet && data.checkIns) seedCheckIns(queryClient, data.daySheet.date, data.checkIns);
  for (const [bookingId, receipts] of Object.entries(data.receipts ?? {}))
    seedReceipts(queryClient, Number(bookingId), receipts);
}
