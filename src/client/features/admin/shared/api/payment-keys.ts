/**
 * Query keys of a visit's payments (docs/product.md §18.1). A payment or a void also refreshes her booking lists (their
 * balance badge), the day sheet and the client pages (what is owed).
 */
import type { QueryClient } from '@tanstack/react-query';
import { adminBookingKeys } from '../booking-keys';

export const paymentKeys = {
  /** Under '/api/admin/bookings', so every booking change refreshes it too. */
  ofBooking: (bookingId: number) => ['/api/admin/bookings', 'payments', bookingId] as const,
};

/** Everything a visit's balance shows in. */
export async function refreshBalances(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
    queryClient.invalidateQueries({ queryKey: adminBookingKeys.ranges }),
    // The day sheet and the client pages: their own prefixes, not importable across features.
    queryClient.invalidateQueries({ queryKey: ['/api/admin/day-sheet'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/admin/clients'] }),
  ]);
}
