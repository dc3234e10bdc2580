/**
 * Query keys of her series (docs/product.md §4 "Regulars", regulars). A change to a series also changes bookings: her
 * booking lists, calendar and the client pages refresh with it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { adminBookingKeys } from '../booking-keys';

export const seriesKeys = {
  all: ['/api/admin/series'] as const,
  ofBooking: (bookingId: number) => ['/api/admin/series', 'booking', bookingId] as const,
  detail: (id: number) => ['/api/admin/series', id] as const,
};

export async function refreshSeries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: seriesKeys.all }),
    queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
    queryClient.invalidateQueries({ queryKey: adminBookingKeys.ranges }),
    queryClient.invalidateQueries({ queryKey: ['/api/admin/clients'] }),
  ]);
}
