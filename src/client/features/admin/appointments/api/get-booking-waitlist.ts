/** GET /api/admin/waitlist: the entry 'Book' on the waitlist opens 'New booking' with (docs/product.md §4 "Bookings she
 * takes herself"). */
import { useQuery } from '@tanstack/react-query';
import type { AdminWaitlistEntry } from '@shared/schemas/waitlist';
import { getJson } from '@/lib/get-json';

export function getBookingWaitlist(signal?: AbortSignal): Promise<AdminWaitlistEntry[]> {
  return getJson<AdminWaitlistEntry[]>('/api/admin/waitlist', signal);
}

export function useBookingWaitlistEntry(id: number | null) {
  return useQuery({
    queryKey: ['/api/admin/waitlist'] as const,
    queryFn: ({ signal }) => getBookingWaitlist(signal),
    enabled: id !== null,
    select: (entries) => entries.find((e) => e.id === id) ?? null,
  });
}
