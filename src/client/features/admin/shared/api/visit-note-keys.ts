/**
 * Query keys of a visit's notes (docs/product.md §14). A change of a note or an outcome also refreshes her booking
 * lists (their `hasNote` and `outcome`) and the client pages (visits, totals, access log).
 */
import type { QueryClient } from '@tanstack/react-query';
import { adminBookingKeys } from '../booking-keys';

export const visitNoteKeys = {
  note: (bookingId: number) => ['/api/admin/bookings', 'notes', bookingId] as const,
};

/** Everything a visit's outcome or note shows in. */
export async function refreshVisit(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
    queryClient.invalidateQueries({ queryKey: adminBookingKeys.ranges }),
    // The client pages (clients/client-keys.ts): one prefix, not importable across features.
    queryClient.invalidateQueries({ queryKey: ['/api/admin/clients'] }),
  ]);
}
