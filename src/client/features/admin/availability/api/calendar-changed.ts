/**
 * What a change to her calendars makes stale: the list, the busy blocks of the Appointments tab,
 * the visitor's times and the pending requests' clashes. Shared by every calendar mutation.
 */
import type { QueryClient } from '@tanstack/react-query';
import { AVAILABILITY_KEY } from '@/lib/queries/availability-key';
import { adminBookingKeys } from '../../shared/booking-keys';
import { otherCalendarKeys } from '../../shared/calendar-keys';

export async function refreshAfterCalendarChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: otherCalendarKeys.list }),
    queryClient.invalidateQueries({ queryKey: otherCalendarKeys.busy }),
    queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY }),
    queryClient.invalidateQueries({ queryKey: adminBookingKeys.pending }),
  ]);
}
