/**
 * The selected day's appointments in time order (docs/product.md §2); each opens its details.
 * Between them, her drive (docs/product.md §10); while the route loads, or if it failed, the list alone.
 * Among them in grey, by time, the busy times of her other calendars (docs/product.md §11): not appointments,
 * so not buttons.
 */
import { useMemo } from 'react';
import { CalendarDays, Car } from 'lucide-react';
import type { BusyBlock } from '@shared/schemas/other-calendar';
import type { AdminBooking } from '@shared/schemas/booking';
import { displayServiceName } from '@shared/service-options';
import { formatTime12 } from '@shared/clock-time';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { dayLabel, formatDuration } from '@/lib/format';
import { cn } from '@/lib/utils';
import { bookingsOn, monthOf, visibleWeeks } from '../appointment-days';
import { useBookingsRange } from '../api/get-bookings-range';
import { useBusyBlocks } from '../api/get-busy-blocks';
import { busyLine, interleaveDay } from '../busy-blocks';
import { useDayRoute } from '../api/get-day-route';
import { legsByAppointment, totalDrivingText } from '../route-legs';
import { ClientAlerts } from '../../shared/components/client-alerts';
import { DriveLeg } from './drive-leg';
import { PaymentBadge } from '../../shared/components/payment-badge';
import { showsPaymentBadge } from '../../shared/payment-view';
import { StatusBadge } from './status-badge';
import { VisitActions } from './visit-actions';

function countText(n: number): string {
  return n === 1 ? '1 appointment' : `${n} appointments`;
}

export function DayAppointments({ date, onOpen }: { date: string; onOpen: (booking: AdminBooking) => void }) {
  // The selected day's month: the same query as the calendar's while that month is shown.
  const range = useMemo(() => visibleWeeks(monthOf(date)), [date]);
  const { bookings, isPending, isError } = useBookingsRange(range);
  const day = useMemo(() => bookingsOn(bookings, date), [bookings, date]);
  const { blocks } = useBusyBlocks(range);
  const items = useMemo(() => interleaveDay(day, blocks, date), [day, blocks, date]);
  const route = useDayRoute(date);
  const legs = useMemo(() => legsByAppointment(route, day), [route, day]);
  const totalDriving = totalDrivingText(route);

  return (
    <Card>
      <CardHeader className={cn((isPending || items.length > 0) && 'pb-3 sm:pb-4')}>
        <h2 className="text-lg font-semibold leading-tight tracking-tight">{dayLabel(date)}</h2>
        {!isPending && (
          <CardDescription>
            {isError
              ? 'Appointments could not be loaded.'
              : day.length === 0
                ? 'No appointments on this day.'
                : countText(day.length)}
          </CardDescription>
        )}
      </CardHeader>
      {isPending ? (
        <CardContent>
          <div className="flex flex-col gap-2" role="status" aria-label="Loading appointments">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        </CardContent>
      ) : (
        items.length > 0 && (
          <CardContent>
            <ul className="flex flex-col gap-2" aria-label={`Appointments on ${dayLabel(date)}`}>
              {items.map((item) =>
                item.kind === 'busy' ? (
                  <li key={item.key}>
                    <BusyRow block={item.block} date={date} />
                  </li>
                ) : (
                  <li key={item.key}>
                    <DriveLeg leg={legs.get(item.booking.id)?.before} />
                    <AppointmentRow booking={item.booking} onOpen={onOpen} />
                    <ClientAlerts alerts={item.booking.clientAlerts} className="mt-1" />
                    <VisitActions
                      key={`${item.booking.id}-${item.booking.outcome}`}
                      booking={item.booking}
                      className="mt-1"
                    />
                    <DriveLeg leg={legs.get(item.booking.id)?.after} />
                  </li>
                ),
              )}
            </ul>
            {totalDriving && (
              <p className="mt-3 flex items-center gap-2 border-t pt-3 text-sm font-medium">
                <Car className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                {totalDriving}
              </p>
            )}
          </CardContent>
        )
      )}
    </Card>
  );
}

function AppointmentRow({ booking, onOpen }: { booking: AdminBooking; onOpen: (booking: AdminBooking) => void }) {
  // A phone stacks time and status above the name; wider screens put them in one line.
  return (
    <button
      type="button"
      onClick={() => onOpen(booking)}
      className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 rounded-md border bg-background p-3 text-left transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:grid-cols-[5.5rem_minmax(0,1fr)_auto] sm:gap-x-4"
    >
      <span className="whitespace-nowrap text-sm font-semibold tabular-nums sm:row-span-2">
        {formatTime12(booking.time)}
      </span>
      <span className="flex flex-wrap items-center justify-end gap-1 justify-self-end sm:col-start-3 sm:row-span-2 sm:row-start-1">
        <StatusBadge status={booking.status} />
        {showsPaymentBadge(booking) && <PaymentBadge status={booking.balance.status} />}
      </span>
      <span className="col-span-2 truncate font-medium sm:col-span-1 sm:col-start-2 sm:row-start-1">
        {booking.firstName} {booking.lastName}
      </span>
      <span className="col-span-2 truncate text-sm text-muted-foreground sm:col-span-1 sm:col-start-2 sm:row-start-2">
        {displayServiceName(booking.serviceName)} · {formatDuration(booking.duration)}
      </span>
    </button>
  );
}

/** A busy time of her other calendars: grey, dashed, not a button (nothing to open). */
function BusyRow({ block, date }: { block: BusyBlock; date: string }) {
  return (
    <p className="flex items-start gap-2 rounded-md border border-dashed bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
      <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 break-words">
        <span className="sr-only">Busy in your calendar: </span>
        {busyLine(block, date)}
      </span>
    </p>
  );
}
