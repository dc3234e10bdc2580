import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarClock, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Booking } from '@shared/schemas/booking';
import { displayServiceName } from '@shared/service-options';
import { formatTime12 } from '@shared/clock-time';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { errorCode, ApiError } from '@/lib/api';
import { dayLabel, formatDuration } from '@/lib/format';
import { toast } from '@/lib/toast';
import { bookingByTokenQueryOptions } from '../api/get-booking-by-token';
import { useRescheduleBooking } from '../api/reschedule-booking';
import { PANEL_TITLES } from '../texts';
import { BookingPageFrame } from './booking-status-panels';
import { DateTimeStep } from './date-time-step';

interface ChangeTimePanelProps {
  booking: Booking;
  token: string;
  confirmHref: string;
  onMoved: (booking: Booking) => void;
  /** The server said the cut-off has passed meanwhile: the page shows 'Contact to change'. */
  onCutoff: () => void;
}

const when = (date: string, time: string) => `${dayLabel(date)} at ${formatTime12(time)}`;

/**
 * 'Change time' (docs/product.md §4 "Changing a visit"): the wizard's date-and-time step for this booking's own
 * service, duration and address (the times come from its private link: the route rule from its address, its own time
 * free for itself), then 'Confirm new time'. A time taken meanwhile or a drive that no longer fits shows the server's
 * message and fresh times.
 */
export function ChangeTimePanel({ booking, token, confirmHref, onMoved, onCutoff }: ChangeTimePanelProps) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState<string>(booking.date);
  const [time, setTime] = useState<string | null>(null);
  const move = useRescheduleBooking(token, {
    onSuccess: (moved) => {
      toast({ title: 'Time changed', description: `Your visit is now on ${when(moved.date, moved.time)} (NZ time).` });
      onMoved(moved);
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.body?.message : undefined;
      const code = errorCode(error);
      toast({ variant: 'destructive', title: 'Error', description: message ?? 'Failed to change the time' });
      if (code === 'SLOT_TAKEN' || code === 'ROUTE_DOES_NOT_FIT') setTime(null);
      else if (code === 'CHANGE_CUTOFF_PASSED') onCutoff();
      // Closed, expired or started meanwhile: the booking as it now is says which.
      else void queryClient.invalidateQueries({ queryKey: bookingByTokenQueryOptions(token).queryKey });
    },
  });
  const unchanged = date === booking.date && time === booking.time;
  const chooseDate = (next: string) => {
    setDate(next);
    setTime(null);
  };

  return (
    <BookingPageFrame wide>
      <Card>
        <CardContent className="p-5 pt-6 sm:p-8">
          <div className="mb-6 flex items-start gap-3">
            <span
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
              aria-hidden
            >
              <CalendarClock className="size-6" />
            </span>
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{PANEL_TITLES.change}</h1>
              <p className="mt-1 text-muted-foreground text-pretty">
                {displayServiceName(booking.serviceName)} ({formatDuration(booking.duration)}) at{' '}
                <span className="break-words">{booking.address}</span>
              </p>
            </div>
          </div>
          <p className="mb-6 rounded-md bg-muted/60 p-3 text-sm" data-testid="current-time">
            Current time: <strong className="font-semibold">{when(booking.date, booking.time)}</strong> (NZ time)
          </p>
          <DateTimeStep
            duration={booking.duration}
            date={date}
            time={time}
            onDateChange={chooseDate}
            onTimeChange={setTime}
            address={null}
            changeToken={token}
          />
          <div className="mt-8 flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
            <Button asChild variant="outline">
              <Link href={confirmHref}>
                <ArrowLeft aria-hidden />
                Go Back
              </Link>
            </Button>
            <div className="flex flex-col gap-2 sm:items-end">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {time === null ? (
                  'Choose a new date and time.'
                ) : unchanged ? (
                  'That is your current time.'
                ) : (
                  <>
                    New time: <strong className="font-semibold text-foreground">{when(date, time)}</strong>
                  </>
                )}
              </p>
              <Button
                type="button"
                size="lg"
                disabled={time === null || unchanged || move.isPending}
                onClick={() => time && move.mutate({ date, time })}
              >
                {move.isPending && <Loader2 className="animate-spin" aria-hidden />}
                Confirm new time
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>
    </BookingPageFrame>
  );
}
