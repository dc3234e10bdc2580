/**
 * Decision 033: Today's first answers asked for as soon as the entry runs, beside the admin chunk's download, when the
 * page came without them (admin-prefetch.ts). Loaded on its own so none of it weighs on the public pages' bundle.
 */
import type { QueryClient } from '@tanstack/react-query';
import { pendingBookingsQueryOptions } from '@/features/admin/shared/api/get-pending-bookings';
import { daySheetQueryOptions } from '@/features/admin/today/api/get-day-sheet';
import { sheetDate } from '@/features/admin/today/sheet-view';

export function prefetchToday(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(daySheetQueryOptions(sheetDate('today')));
  void queryClient.prefetchQuery(pendingBookingsQueryOptions());
}
