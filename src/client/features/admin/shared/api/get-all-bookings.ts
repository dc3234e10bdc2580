/**
 * GET /api/admin/bookings: every booking, for the 'Show all' of 'Upcoming Appointments' and for the
 * Availability tab's warning before a change would leave active bookings outside her hours.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '@shared/schemas/booking';
import { getJson } from '@/lib/get-json';
import { asList } from '../as-list';
import { adminBookingKeys } from '../booking-keys';

export async function getAllBookings(signal?: AbortSignal): Promise<AdminBooking[]> {
  return asList<AdminBooking>(await getJson<unknown>('/api/admin/bookings', signal));
}

/** The full list is the `all` key itself, so every admin decision refreshes it too. */
export function allBookingsQueryOptions() {
  return queryOptions({
    queryKey: adminBookingKeys.all,
    queryFn: ({ signal }) => getAllBookings(signal),
    staleTime: 0,
  });
}

/** Loaded only once 'Show all' is opened. */
export function useAllBookings({ enabled }: { enabled: boolean }) {
  return useQuery({ ...allBookingsQueryOptions(), enabled });
}
