import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CalendarDays, Clock, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { NZ_TIME_NOTE } from '@shared/constants';
import { nzToday } from '@shared/time';
import { formatTime12 } from '@shared/clock-time';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useAvailabilityRange } from '../api/get-availability-range';
import { useBlockedDates } from '../api/get-blocked-dates';
import { dayAvailabilityQueryOptions, useDayAvailability } from '../api/get-day-availability';
import { availabilityByDate, firstBookableDate, fullDayBlockedDates, isDateDisabled, lookaheadRange, monthOf, visibleRange } from '../dates';
import { dayLabel } from '@/lib/format';

export const AVAILABILITY_ERROR = 'Failed to fetch availability';

interface DateTimeStepProps {
  duration: number;
  date: string | null;
  time: string | null;
  /** A new date (the parent clears the time). */
  onDateChange: (date: string) => void;
  onTimeChange: (time: string | null) => void;
}

/** Step 2: the calendar and the chosen date's time slots. */
export function DateTimeStep({ duration, date, time, onDateChange, onTimeChange }: DateTimeStepProps) {
  const queryClient = useQueryClient();
  const [today] = useState(() => nzToday());
  const [month, setMonth] = useState(() => monthOf(date ?? today));
  // docs/product.md §4: entering step 2 without a date picks the first open one in the next 14 days.
  const [autoPick, setAutoPick] = useState(date === null);
  // A month the visitor moved to is theirs: the automatic pick must not move it back.
  const [monthChosen, setMonthChosen] = useState(false);
  const chooseMonth = (next: string) => {
    setMonthChosen(true);
    setMonth(next);
  };

  const blocked = useBlockedDates();
  const fullDayBlocked = useMemo(() => fullDayBlockedDates(blocked.data), [blocked.data]);

  // docs/product.md §7: availability (alone) is fetched again when the window regains focus.
  const monthAvailability = useAvailabilityRange(visibleRange(month, today), duration, { refetchOnWindowFocus: true });
  const byDate = useMemo(() => availabilityByDate(monthAvailability.data?.days), [monthAvailability.data]);

  const lookahead = useAvailabilityRange(lookaheadRange(today), duration, { enabled: autoPick });

  useEffect(() => {
    if (!autoPick) return;
    if (lookahead.isError || (blocked.isError && lookahead.isSuccess)) {
      setAutoPick(false);
      return;
    }
    if (!lookahead.data || blocked.isPending) return;
    setAutoPick(false);
    const first = firstBookableDate(lookahead.data.days, fullDayBlocked, today);
    if (first && date === null) {
      if (!monthChosen) setMonth(monthOf(first));
      onDateChange(first);
    }
  }, [autoPick, lookahead.data, lookahead.isError, lookahead.isSuccess, blocked.isPending, blocked.isError, fullDayBlocked, today, date, onDateChange, monthChosen]);

  const slotsQuery = useDayAvailability(date, duration);
  const slots = slotsQuery.data?.available ? slotsQuery.data.timeSlots : [];

  // Fresh slots no longer include the chosen time (someone else took it): forget it.
  useEffect(() => {
    if (time && slotsQuery.data && !slotsQuery.data.timeSlots.includes(time)) onTimeChange(null);
  }, [time, slotsQuery.data, onTimeChange]);

  const rules = { today, fullDayBlocked, availability: byDate };

  const selectDate = (next: string) => {
    setAutoPick(false);
    if (next === date) return;
    onDateChange(next);
    void queryClient
      .fetchQuery({ ...dayAvailabilityQueryOptions(next, duration), staleTime: 5_000 })
      .then((answer) => {
        if (!answer.available || answer.timeSlots.length === 0) {
          toast({ title: 'No Available Times', description: 'There are no available times on this date. Please select another date.' });
        }
      })
      .catch(() => {
        // Shown inline as 'Failed to fetch availability'.
      });
  };

  const refetchAll = () => {
    void monthAvailability.refetch();
    if (date) void slotsQuery.refetch();
  };

  return (
    <div className="grid gap-8 md:grid-cols-2 md:gap-10">
      <div>
        <h3 className="mb-3 flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          <CalendarDays className="size-4" aria-hidden />
          Date
        </h3>
        <Calendar
          month={month}
          onMonthChange={chooseMonth}
          selected={date}
          onSelect={selectDate}
          onDisabledSelect={() =>
            toast({ title: 'Date Unavailable', description: 'This date is not available for bookings. Please select another date.' })
          }
          isDisabled={(d) => isDateDisabled(d, rules)}
          today={today}
          minMonth={monthOf(today)}
          busy={monthAvailability.isFetching}
        />
        {monthAvailability.isError && (
          <p role="alert" className="mt-3 flex items-center gap-2 text-sm text-destructive">
            <AlertCircle className="size-4 shrink-0" aria-hidden />
            {AVAILABILITY_ERROR}
            <Button type="button" variant="link" size="sm" className="h-auto px-1 py-0" onClick={refetchAll}>
              Try again
            </Button>
          </p>
        )}
        <p className="mt-3 text-xs text-muted-foreground">Dates that are crossed out cannot be booked.</p>
      </div>

      <div>
        <h3 className="mb-3 flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          <Clock className="size-4" aria-hidden />
          Time
        </h3>
        <div aria-live="polite">
          {date === null ? (
            autoPick ? (
              <SlotSkeleton label="Finding the next available date" />
            ) : (
              <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
                Choose a date to see the available times.
              </p>
            )
          ) : (
            <>
              <p className="mb-3 font-medium">{dayLabel(date)}</p>
              {slotsQuery.isPending ? (
                <SlotSkeleton label="Loading available times" />
              ) : slotsQuery.isError ? (
                <p role="alert" className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
                  <AlertCircle className="size-4 shrink-0" aria-hidden />
                  {AVAILABILITY_ERROR}
                  <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={() => void slotsQuery.refetch()}>
                    <RefreshCw aria-hidden />
                    Retry
                  </Button>
                </p>
              ) : slots.length === 0 ? (
                <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
                  There are no available times on this date. Please select another date.
                </p>
              ) : (
                <div role="group" aria-label={`Available times on ${dayLabel(date)}`} className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-3 lg:grid-cols-4">
                  {slots.map((slot) => {
                    const chosen = slot === time;
                    return (
                      <button
                        key={slot}
                        type="button"
                        aria-pressed={chosen}
                        onClick={() => onTimeChange(slot)}
                        className={cn(
                          'h-11 rounded-md border text-sm font-medium tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                          chosen
                            ? 'border-primary bg-primary text-primary-foreground shadow-sm'
                            : 'border-input bg-background hover:border-primary/60 hover:bg-accent hover:text-accent-foreground',
                        )}
                      >
                        {formatTime12(slot)}
                      </button>
                    );
                  })}
                </div>
              )}
            </>
          )}
        </div>
        <p className="mt-3 flex items-center gap-1.5 text-xs text-muted-foreground">
          <Clock className="size-3.5" aria-hidden />
          {NZ_TIME_NOTE}
        </p>
      </div>
    </div>
  );
}

function SlotSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-11" />
      ))}
    </div>
  );
}
