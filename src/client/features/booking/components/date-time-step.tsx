import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CalendarDays, Clock, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { NZ_TIME_NOTE } from '@shared/constants';
import { nzToday } from '@shared/time';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { useAvailabilityRange } from '../api/get-availability-range';
import { useBlockedDates } from '../api/get-blocked-dates';
import { dayAvailabilityQueryOptions, useDayAvailability } from '../api/get-day-availability';
import {
  availabilityByDate,
  firstBookableDate,
  fullDayBlockedDates,
  isDateDisabled,
  lookaheadRange,
  monthOf,
  visibleRange,
} from '../dates';
import { dayLabel } from '@/lib/format';
import { nearbyHint, therapistFirstName } from '../route-fit';
import { RouteAddressField } from './route-address-field';
import { TimeSlotGrid } from './time-slot-grid';
import { WaitlistJoin } from './waitlist-join';

export const AVAILABILITY_ERROR = 'Failed to fetch availability';

interface DateTimeStepProps {
  /** The chosen service, for 'Tell me if a time opens' (docs/product.md §4 "Waitlist"); absent on 'Change time', which
   * moves a visit. */
  serviceId?: number;
  duration: number;
  date: string | null;
  time: string | null;
  /** A new date (the parent clears the time). */
  onDateChange: (date: string) => void;
  onTimeChange: (time: string | null) => void;
  /** Step 2's 'Your suburb or address' field (docs/product.md §10); absent where the address is fixed ('Change time').
   * */
  addressText?: string;
  onAddressTextChange?: (text: string) => void;
  /** The address the times are asked for, once typing paused (null: none given). */
  address: string | null;
  /**
   * 'Change time' (docs/product.md §4 "Changing a visit"): the private link of the booking being moved. The times are
   * then the ones its own visit could move to (its duration and address, its own current time free for itself), asked
   * by the token.
   */
  changeToken?: string | null;
}

const NO_NEARBY: ReadonlySet<string> = new Set();

/** Step 2: the optional address, the calendar and the chosen date's time slots. */
export function DateTimeStep({
  serviceId,
  duration,
  date,
  time,
  onDateChange,
  onTimeChange,
  addressText,
  onAddressTextChange,
  address,
  changeToken = null,
}: DateTimeStepProps) {
  const queryClient = useQueryClient();
  const { data: practice } = usePracticeInfo();
  const nearbyText = nearbyHint(practice?.therapistName);
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
  const monthAvailability = useAvailabilityRange(visibleRange(month, today), duration, {
    refetchOnWindowFocus: true,
    address,
    changeToken,
  });
  const byDate = useMemo(() => availabilityByDate(monthAvailability.data?.days), [monthAvailability.data]);

  const lookahead = useAvailabilityRange(lookaheadRange(today), duration, {
    enabled: autoPick,
    address,
    changeToken,
  });

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
  }, [
    autoPick,
    lookahead.data,
    lookahead.isError,
    lookahead.isSuccess,
    blocked.isPending,
    blocked.isError,
    fullDayBlocked,
    today,
    date,
    onDateChange,
    monthChosen,
  ]);

  const rules = { today, fullDayBlocked, availability: byDate };

  const slotsQuery = useDayAvailability(date, duration, address, changeToken);
  const slots = slotsQuery.data?.available ? slotsQuery.data.timeSlots : [];
  const nearby = useMemo(
    () => (slotsQuery.isPlaceholderData ? NO_NEARBY : new Set(slotsQuery.data?.nearbyTimes)),
    [slotsQuery.data, slotsQuery.isPlaceholderData],
  );

  // Fresh slots no longer include the chosen time (someone else took it, or it does not fit the
  // address given): forget it. The last answer shown while another address is asked about is not fresh.
  const freshSlots = slotsQuery.isPlaceholderData ? undefined : slotsQuery.data;
  useEffect(() => {
    if (time && freshSlots && !freshSlots.timeSlots.includes(time)) onTimeChange(null);
  }, [time, freshSlots, onTimeChange]);

  // docs/product.md §10: a dot on the days when a time sits next to another of her visits in the area.
  const nearbyDay = (d: string) => (byDate.get(d)?.nearbyTimes?.length ?? 0) > 0 && !isDateDisabled(d, rules);
  const anyNearbyDay =
    address !== null && !monthAvailability.isPlaceholderData && Array.from(byDate.keys()).some(nearbyDay);

  const selectDate = (next: string) => {
    setAutoPick(false);
    if (next === date) return;
    onDateChange(next);
    void queryClient
      .fetchQuery({ ...dayAvailabilityQueryOptions(next, duration, address, changeToken), staleTime: 5_000 })
      .then((answer) => {
        if (!answer.available || answer.timeSlots.length === 0) {
          toast({
            title: 'No Available Times',
            description: 'There are no available times on this date. Please select another date.',
          });
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
      {onAddressTextChange && (
        <div className="md:col-span-2 md:max-w-md">
          <RouteAddressField value={addressText ?? ''} onChange={onAddressTextChange} />
        </div>
      )}
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
            toast({
              title: 'Date Unavailable',
              description: 'This date is not available for bookings. Please select another date.',
            })
          }
          isDisabled={(d) => isDateDisabled(d, rules)}
          today={today}
          minMonth={monthOf(today)}
          busy={monthAvailability.isFetching}
          renderDay={anyNearbyDay ? (d) => nearbyDay(d) && <NearbyDot selected={d === date} /> : undefined}
          describeDay={anyNearbyDay ? (d) => (nearbyDay(d) ? nearbyText : undefined) : undefined}
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
        <p className="mt-3 text-xs text-muted-foreground">
          Dates that are crossed out cannot be booked.
          {anyNearbyDay && ` A dot marks the days ${therapistFirstName(practice?.therapistName)} is nearby.`}
        </p>
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
                <p
                  role="alert"
                  className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive"
                >
                  <AlertCircle className="size-4 shrink-0" aria-hidden />
                  {AVAILABILITY_ERROR}
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="ml-auto"
                    onClick={() => void slotsQuery.refetch()}
                  >
                    <RefreshCw aria-hidden />
                    Retry
                  </Button>
                </p>
              ) : slots.length === 0 ? (
                <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
                  There are no available times on this date. Please select another date.
                </p>
              ) : (
                <TimeSlotGrid
                  label={`Available times on ${dayLabel(date)}`}
                  slots={slots}
                  chosen={time}
                  onChoose={onTimeChange}
                  nearby={nearby}
                  nearbyText={nearbyText}
                  updating={slotsQuery.isPlaceholderData}
                />
              )}
            </>
          )}
        </div>
        <p className="mt-3 flex items-center gap-1.5 text-xs text-muted-foreground">
          <Clock className="size-3.5" aria-hidden />
          {NZ_TIME_NOTE}
        </p>
      </div>

      {/* Issue 25: the day has no time, or the days they want are full (crossed out). Not when moving a visit. */}
      {serviceId !== undefined && changeToken === null && (
        <div className="md:col-span-2">
          <p className="text-sm text-muted-foreground">
            {date !== null && !slotsQuery.isPending && slots.length === 0
              ? 'Nothing free on this day?'
              : 'No time that suits you, or the days you want are full?'}
          </p>
          <WaitlistJoin
            serviceId={serviceId}
            duration={duration}
            firstDate={date ?? today}
            address={addressText ?? ''}
          />
        </div>
      )}
    </div>
  );
}

/** The calendar's mark of a day when she is nearby (hidden from assistive technology: describeDay says it). */
function NearbyDot({ selected }: { selected: boolean }) {
  return (
    <span
      className={`absolute bottom-1 left-1/2 size-1.5 -translate-x-1/2 rounded-full ${selected ? 'bg-primary-foreground' : 'bg-primary'}`}
    />
  );
}

function SlotSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-3 lg:grid-cols-4"
    >
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-11" />
      ))}
    </div>
  );
}
