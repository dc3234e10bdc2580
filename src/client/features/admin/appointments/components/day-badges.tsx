/**
 * The calendar's per-day badges (docs/product.md §2): one small pill per status with its count,
 * confirmed green, pending amber, cancelled red, and a grey dot for her other calendars' busy
 * times (docs/product.md §11). Decorative: the day button's name says the same in words ('2 confirmed,
 * 1 pending'). Small enough for seven days across a 360 px phone.
 */
import { cn } from '@/lib/utils';
import { CALENDAR_STATUSES, type CalendarStatus, type DayCounts } from '../appointment-days';

/** Solid fills with text above 4.5:1 on them, so they read on any cell (selected, today, dark). */
export const STATUS_FILL: Record<CalendarStatus, string> = {
  confirmed: 'bg-emerald-700 text-white',
  pending: 'bg-amber-400 text-amber-950',
  cancelled: 'bg-red-700 text-white',
};

/** Grey: her other calendars' busy times (docs/product.md §11), quieter than any booking. */
export const BUSY_FILL = 'bg-slate-400 dark:bg-slate-500';

export function DayBadges({ counts, busy = false }: { counts: DayCounts | undefined; busy?: boolean }) {
  return (
    <span aria-hidden className="flex h-3.5 items-center justify-center gap-px sm:h-4 sm:gap-0.5">
      {busy && <span data-busy className={cn('size-2 rounded-full ring-1 ring-background/80', BUSY_FILL)} />}
      {counts &&
        CALENDAR_STATUSES.filter((s) => counts[s] > 0).map((status) => (
          <span
            key={status}
            data-status={status}
            className={cn(
              'inline-flex h-3.5 min-w-3 items-center ring-1 ring-background/80 justify-center rounded-full px-0.5 text-[10px] font-semibold leading-none tabular-nums sm:h-4 sm:min-w-4 sm:px-1 sm:text-[11px]',
              STATUS_FILL[status],
            )}
          >
            {counts[status]}
          </span>
        ))}
    </span>
  );
}

/** The key under the calendar. */
export function StatusLegend() {
  const labels: Record<CalendarStatus, string> = { confirmed: 'Confirmed', pending: 'Pending', cancelled: 'Cancelled' };
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Calendar key">
      {CALENDAR_STATUSES.map((status) => (
        <li key={status} className="flex items-center gap-1.5">
          <span aria-hidden className={cn('size-2.5 rounded-full', STATUS_FILL[status])} />
          {labels[status]}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden className={cn('size-2.5 rounded-full', BUSY_FILL)} />
        Busy in your calendar
      </li>
    </ul>
  );
}
