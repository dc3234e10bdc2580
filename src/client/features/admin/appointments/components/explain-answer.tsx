/**
 * The answer of 'Why this time?' (docs/product.md §11): each start time with 'Offered' or 'Not offered' and
 * every reason the server gives, its kind shown as an icon and a short label.
 */
import {
  CalendarDays,
  CalendarRange,
  CalendarX2,
  Car,
  Check,
  Clock,
  History,
  Hourglass,
  User,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import type { AvailabilityExplanation, ExplainReasonCode } from '@shared/schemas/other-calendar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { explainRows, NOT_LOCATED, offeredSummary, REASON_LABELS, type ExplainFilter } from '../explain-view';
import { EXPLAIN_TEXTS as T } from '../texts';

const REASON_ICONS: Record<ExplainReasonCode, LucideIcon> = {
  OUTSIDE_HOURS: Clock,
  BLOCKED_DATE: CalendarX2,
  BOOKING: User,
  ROUTE: Car,
  EXTERNAL_BUSY: CalendarDays,
  MIN_NOTICE: Hourglass,
  HORIZON: CalendarRange,
  PAST: History,
};

const FILTERS: { value: ExplainFilter; label: string }[] = [
  { value: 'all', label: T.all },
  { value: 'offered', label: T.onlyOffered },
];

export function ExplainAnswer({ answer }: { answer: AvailabilityExplanation }) {
  const [filter, setFilter] = useState<ExplainFilter>('all');
  const rows = explainRows(answer, filter);

  return (
    <div className="grid gap-3">
      {answer.located === false && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100">
          {NOT_LOCATED}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">{offeredSummary(answer)}</p>
        <div role="group" aria-label={T.filterLabel} className="flex gap-1">
          {FILTERS.map(({ value, label }) => (
            <Button
              key={value}
              type="button"
              size="sm"
              variant={filter === value ? 'default' : 'outline'}
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{answer.slots.length === 0 ? T.noTimes : T.noOffered}</p>
      ) : (
        <ul
          className="divide-y rounded-md border"
          aria-label={`Start times, ${filter === 'all' ? 'all' : 'offered only'}`}
        >
          {rows.map((row) => (
            <li key={row.key} className="grid gap-1.5 px-3 py-2.5 sm:grid-cols-[7rem_minmax(0,1fr)] sm:gap-x-4">
              <div className="flex items-center justify-between gap-2 sm:flex-col sm:items-start">
                <span className="font-semibold tabular-nums">{row.time}</span>
                {row.offered ? (
                  <Badge variant="success" className="gap-1 whitespace-nowrap">
                    <Check className="size-3" aria-hidden />
                    {T.offered}
                  </Badge>
                ) : (
                  <Badge variant="secondary" className="gap-1 whitespace-nowrap">
                    <X className="size-3" aria-hidden />
                    {T.notOffered}
                  </Badge>
                )}
              </div>
              {row.reasons.length > 0 && (
                <ul className="grid gap-1 text-sm">
                  {row.reasons.map((reason, i) => {
                    const Icon = REASON_ICONS[reason.code];
                    return (
                      <li key={`${reason.code}-${i}`} className="flex items-start gap-2">
                        <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                        <span className="min-w-0 break-words">
                          <span className="mr-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground">
                            {REASON_LABELS[reason.code]}
                            <span className="sr-only">:</span>
                          </span>
                          {reason.message}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
