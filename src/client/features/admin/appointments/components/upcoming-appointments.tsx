/**
 * 'Upcoming Appointments' (docs/product.md §2): the next UPCOMING_LIST_SIZE confirmed appointments
 * that have not started (the summary's `next`). 'Show all' expands the card in place to every
 * such appointment, read from the full list (GET /api/admin/bookings) only when asked for.
 */
import { ChevronDown, ChevronUp, Loader2, RotateCw } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { UPCOMING_LIST_SIZE } from '@shared/constants';
import type { AdminBooking } from '@shared/schemas/booking';
import { displayServiceName } from '@shared/service-options';
import { formatTime12 } from '@shared/clock-time';
import { formatShortDate } from '@shared/time';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { upcomingConfirmed } from '../appointment-days';
import { useAllBookings } from '../../shared/api/get-all-bookings';
import { useBookingSummary } from '../api/get-booking-summary';
import { TEXTS } from '../texts';

export function UpcomingAppointments({ onOpen }: { onOpen: (booking: AdminBooking) => void }) {
  const listId = useId();
  const [showAll, setShowAll] = useState(false);
  const summary = useBookingSummary();
  const all = useAllBookings({ enabled: showAll });
  // An instant, not a calendar date: "not started yet" compares with the Auckland start time.
  const everyUpcoming = useMemo(() => (all.data ? upcomingConfirmed(all.data, new Date()) : undefined), [all.data]);

  const next = summary.data?.next.slice(0, UPCOMING_LIST_SIZE);
  const items = showAll && everyUpcoming ? everyUpcoming : next;
  const loadingAll = showAll && all.isFetching && !everyUpcoming;
  const failed = showAll ? all.isError : summary.isError;

  return (
    <Card>
      <CardHeader className="pb-3 sm:pb-4">
        <h2 className="text-lg font-semibold leading-tight tracking-tight">{TEXTS.upcomingTitle}</h2>
        <CardDescription>{showAll ? 'All upcoming confirmed appointments' : TEXTS.upcomingDescription}</CardDescription>
      </CardHeader>
      <CardContent id={listId} aria-live="polite">
        {summary.isPending ? (
          <div className="flex flex-col gap-2" role="status" aria-label="Loading upcoming appointments">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : items && items.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {items.map((booking) => (
              <li key={booking.id}>
                <UpcomingRow booking={booking} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        ) : (
          !failed && <p className="text-sm text-muted-foreground">No upcoming appointments.</p>
        )}
        {loadingAll && (
          <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            Loading all upcoming appointments...
          </p>
        )}
        {failed && (
          <p className="mt-3 flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
            Upcoming appointments could not be loaded.
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto gap-1 px-1 py-0"
              onClick={() => void (showAll ? all.refetch() : summary.refetch())}
            >
              <RotateCw aria-hidden />
              Try again
            </Button>
          </p>
        )}
      </CardContent>
      <CardFooter>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-full"
          aria-expanded={showAll}
          aria-controls={listId}
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          {showAll ? 'Show fewer' : 'Show all'}
        </Button>
      </CardFooter>
    </Card>
  );
}

function UpcomingRow({ booking, onOpen }: { booking: AdminBooking; onOpen: (booking: AdminBooking) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(booking)}
      className="flex w-full flex-col gap-0.5 rounded-md border bg-background px-3 py-2.5 text-left transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="text-xs font-medium tabular-nums text-muted-foreground">
        {formatShortDate(booking.date)} · {formatTime12(booking.time)}
      </span>
      <span className="truncate font-medium">
        {booking.firstName} {booking.lastName}
      </span>
      <span className="truncate text-sm text-muted-foreground">{displayServiceName(booking.serviceName)}</span>
    </button>
  );
}
