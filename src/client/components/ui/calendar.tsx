/**
 * A month calendar on 'yyyy-MM-dd' dates (no Date in the browser's zone is ever read: the caller
 * passes "today"). Weeks start on Sunday. Keyboard: the arrow keys move between days (crossing
 * into the next or previous month), Home/End go to the start/end of the week, PageUp/PageDown
 * change the month, Enter or Space chooses. Each day button is named 'Wednesday, December 2, 2026'.
 *
 * Disabled days stay focusable (aria-disabled) so the keyboard can move over them; pressing one
 * calls onDisabledSelect instead of onSelect.
 *
 * A caller may draw something under each day's number (renderDay, e.g. the admin's booking
 * badges), say it in words in the day's name (describeDay) and size the day buttons (dayClassName).
 */
import { ChevronLeft, ChevronRight, Loader2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DAY_NAMES } from '@shared/constants';
import { addDaysToDate, dayOfWeek } from '@shared/time';
import { cn } from '@/lib/utils';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function parseMonth(month: string): [number, number] {
  return month.split('-').map(Number) as [number, number];
}

function shift(month: string, delta: number): string {
  const [y, m] = parseMonth(month);
  return new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

function daysIn(month: string): number {
  const [y, m] = parseMonth(month);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function dateIn(month: string, day: number): string {
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** 'December 2026' */
export function monthTitle(month: string): string {
  const [y, m] = parseMonth(month);
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** 'Wednesday, December 2, 2026' */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${DAY_NAMES[dayOfWeek(date)]}, ${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}

/** The month's weeks, Sunday first; null pads the days of other months. */
function weeksOf(month: string): (string | null)[][] {
  const cells: (string | null)[] = Array.from({ length: dayOfWeek(dateIn(month, 1)) }, () => null);
  for (let d = 1; d <= daysIn(month); d++) cells.push(dateIn(month, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The same day of another month, clamped to its length (Jan 31 + 1 month -> Feb 28). */
function sameDayIn(date: string, delta: number): string {
  const month = shift(date.slice(0, 7), delta);
  const day = Math.min(Number(date.slice(8, 10)), daysIn(month));
  return dateIn(month, day);
}

export interface CalendarProps {
  /** The month shown, 'yyyy-MM'. */
  month: string;
  onMonthChange: (month: string) => void;
  /** The chosen date, 'yyyy-MM-dd'. */
  selected?: string | null;
  onSelect: (date: string) => void;
  /** A disabled day was pressed. */
  onDisabledSelect?: (date: string) => void;
  isDisabled?: (date: string) => boolean;
  /** Today, 'yyyy-MM-dd' (the caller decides the time zone). */
  today: string;
  /** The earliest and latest month that may be shown. */
  minMonth?: string;
  maxMonth?: string;
  /** Shows a spinner by the month title while the month's data loads. */
  busy?: boolean;
  /** The spinner's accessible name. */
  busyLabel?: string;
  /** Content drawn under the day's number; hidden from assistive technology (describeDay says it in words). */
  renderDay?: (date: string) => ReactNode;
  /** Words added to the day button's name: 'Wednesday, December 2, 2026, 2 confirmed'. */
  describeDay?: (date: string) => string | undefined;
  /** Extra classes for every day button (e.g. taller cells for renderDay). */
  dayClassName?: string;
  className?: string;
}

export function Calendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  onDisabledSelect,
  isDisabled = () => false,
  today,
  minMonth,
  maxMonth,
  busy = false,
  busyLabel = 'Loading availability',
  renderDay,
  describeDay,
  dayClassName,
  className,
}: CalendarProps) {
  const titleId = useId();
  const weeks = useMemo(() => weeksOf(month), [month]);
  const gridRef = useRef<HTMLTableElement>(null);
  const focusAfterRender = useRef(false);

  // The day that takes part in the tab order (roving tabindex).
  const defaultFocus = (m: string): string => {
    if (selected && selected.startsWith(m)) return selected;
    if (today.startsWith(m)) return today;
    return dateIn(m, 1);
  };
  const [focused, setFocused] = useState(() => defaultFocus(month));
  // A day chosen from outside (the wizard's first free day, which comes after the first render) takes the tab stop:
  // else a keyboard user starts from today, closed on a Sunday, not from the day the page shows the times of.
  const [seenSelected, setSeenSelected] = useState(selected);
  if (selected !== seenSelected) {
    setSeenSelected(selected);
    if (selected) setFocused(selected);
  }
  const focusedDate = focused.startsWith(month) ? focused : defaultFocus(month);

  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${focusedDate}"]`)?.focus();
  });

  const canShow = (m: string) => (!minMonth || m >= minMonth) && (!maxMonth || m <= maxMonth);
  const prevMonth = shift(month, -1);
  const nextMonth = shift(month, 1);

  const moveFocus = (target: string) => {
    const targetMonth = target.slice(0, 7);
    if (!canShow(targetMonth)) return;
    focusAfterRender.current = true;
    setFocused(target);
    if (targetMonth !== month) onMonthChange(targetMonth);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    let target: string;
    switch (event.key) {
      case 'ArrowLeft':
        target = addDaysToDate(date, -1);
        break;
      case 'ArrowRight':
        target = addDaysToDate(date, 1);
        break;
      case 'ArrowUp':
        target = addDaysToDate(date, -7);
        break;
      case 'ArrowDown':
        target = addDaysToDate(date, 7);
        break;
      case 'Home':
        target = addDaysToDate(date, -dayOfWeek(date));
        break;
      case 'End':
        target = addDaysToDate(date, 6 - dayOfWeek(date));
        break;
      case 'PageUp':
        target = sameDayIn(date, -1);
        break;
      case 'PageDown':
        target = sameDayIn(date, 1);
        break;
      default:
        return;
    }
    event.preventDefault();
    moveFocus(target);
  };

  const navButton =
    'inline-flex size-9 items-center justify-center rounded-md border border-input bg-background text-foreground shadow-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-40';

  return (
    <div className={cn('w-full', className)}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <button
          type="button"
          className={navButton}
          aria-label="Previous month"
          disabled={!canShow(prevMonth)}
          onClick={() => onMonthChange(prevMonth)}
        >
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        <div className="flex items-center gap-2">
          <div id={titleId} className="text-base font-semibold" aria-live="polite">
            {monthTitle(month)}
          </div>
          {busy && <Loader2 className="size-4 animate-spin text-muted-foreground" role="img" aria-label={busyLabel} />}
        </div>
        <button
          type="button"
          className={navButton}
          aria-label="Next month"
          disabled={!canShow(nextMonth)}
          onClick={() => onMonthChange(nextMonth)}
        >
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>

      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
        className="w-full table-fixed border-collapse"
      >
        <thead>
          <tr>
            {DAY_NAMES.map((name) => (
              <th
                key={name}
                scope="col"
                abbr={name}
                className="pb-2 text-center text-xs font-medium text-muted-foreground"
              >
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((date, d) => {
                if (!date) return <td key={`pad-${w}-${d}`} className="p-0.5" />;
                const disabled = isDisabled(date);
                const isSelected = date === selected;
                const isToday = date === today;
                const description = describeDay?.(date);
                return (
                  <td key={date} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === focusedDate ? 0 : -1}
                      // With renderDay the name comes from a hidden text instead of aria-label, so the
                      // badges' digits are not visible text missing from the name (WCAG 2.5.3).
                      aria-label={
                        renderDay ? undefined : description ? `${dayLabel(date)}, ${description}` : dayLabel(date)
                      }
                      aria-pressed={isSelected}
                      aria-disabled={disabled || undefined}
                      aria-current={isToday ? 'date' : undefined}
                      onClick={() => {
                        setFocused(date);
                        if (disabled) onDisabledSelect?.(date);
                        else onSelect(date);
                      }}
                      onKeyDown={(e) => onKeyDown(e, date)}
                      className={cn(
                        'relative mx-auto flex aspect-square w-full max-w-11 items-center justify-center rounded-md text-sm tabular-nums transition-colors',
                        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                        disabled
                          ? 'cursor-not-allowed text-muted-foreground/60 line-through decoration-muted-foreground/40'
                          : 'font-medium text-foreground hover:bg-accent hover:text-accent-foreground',
                        !disabled && !isSelected && 'bg-secondary/60',
                        isSelected &&
                          'bg-primary font-semibold text-primary-foreground hover:bg-primary hover:text-primary-foreground',
                        isToday && !isSelected && 'ring-1 ring-primary/60 ring-inset',
                        dayClassName,
                      )}
                    >
                      {renderDay ? (
                        <>
                          <span aria-hidden>{Number(date.slice(8, 10))}</span>
                          <span className="sr-only">
                            {description ? `${dayLabel(date)}, ${description}` : dayLabel(date)}
                          </span>
                          <span aria-hidden className="contents">
                            {renderDay(date)}
                          </span>
                        </>
                      ) : (
                        Number(date.slice(8, 10))
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
