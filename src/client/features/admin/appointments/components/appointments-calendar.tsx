/**
 * The month calendar of bookings (docs/product.md §2 Appointments tab): Sunday first, NZ dates,
 * per-day badges from the range call of the visible weeks, and a grey dot where her other
 * calendars are busy (docs/product.md §11). A failed call shows an empty calendar (§8, logged by apiRequest)
 * with a quiet 'Try again', never a toast.
 */
import { CalendarDays, RotateCw } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { countsByDay, describeCounts, monthOf, visibleWeeks } from '../appointment-days';
import { useBookingsRange } from '../api/get-bookings-range';
import { useBusyBlocks } from '../api/get-busy-blocks';
import { busyDates } from '../busy-blocks';
import { DayBadges, StatusLegend } from './day-badges';

interface AppointmentsCalendarProps {
  month: string;
  onMonthChange: (month: string) => void;
  selected: string;
  onSelect: (date: string) => void;
  today: string;
}

export function AppointmentsCalendar({ month, onMonthChange, selected, onSelect, today }: AppointmentsCalendarProps) {
  const range = useMemo(() => visibleWeeks(month), [month]);
  const { bookings, isFetching, isError, refetch } = useBookingsRange(range);
  const counts = useMemo(() => countsByDay(bookings), [bookings]);
  const { blocks } = useBusyBlocks(range);
  const busy = useMemo(() => busyDates(blocks), [blocks]);
  const showingToday = month === monthOf(today) && selected === today;

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 pb-3 sm:pb-4">
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <CalendarDays className="size-5 text-primary" aria-hidden />
          Calendar
        </h2>
        {!showingToday && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              onMonthChange(monthOf(today));
              onSelect(today);
            }}
          >
            Go to today
          </Button>
        )}
      </CardHeader>
      <CardContent className="px-3 sm:px-6">
        <Calendar
          month={month}
          onMonthChange={onMonthChange}
          selected={selected}
          onSelect={onSelect}
          today={today}
          busy={isFetching}
          busyLabel="Loading appointments"
          renderDay={(date) => <DayBadges counts={counts.get(date)} busy={busy.has(date)} />}
          describeDay={(date) =>
            [describeCounts(counts.get(date)), busy.has(date) && 'busy in your calendar'].filter(Boolean).join(', ')
          }
          dayClassName="aspect-auto h-12 max-w-none flex-col justify-start gap-1 pt-1.5 sm:h-14 sm:gap-1 sm:pt-2"
        />
        <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <StatusLegend />
          {isError && (
            <p className="flex items-center gap-1 text-xs text-muted-foreground">
              Appointments could not be loaded.
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto gap-1 px-1 py-0 text-xs"
                onClick={() => void refetch()}
              >
                <RotateCw aria-hidden />
                Try again
              </Button>
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
