/** Filter buttons with counts; 'Problems' (failed and retrying) stands out when it holds any. */
import { OUTBOX_FILTERS, type OutboxCounts, type OutboxFilter } from '@shared/schemas/outbox';
import { cn } from '@/lib/utils';
import { OUTBOX_FILTER_LABELS } from '../outbox-view';

interface OutboxFilterBarProps {
  value: OutboxFilter;
  counts: OutboxCounts;
  onChange: (filter: OutboxFilter) => void;
}

export function OutboxFilterBar({ value, counts, onChange }: OutboxFilterBarProps) {
  return (
    <div role="group" aria-label="Show e-mails" className="flex flex-wrap gap-2">
      {OUTBOX_FILTERS.map((id) => {
        const active = id === value;
        const alarm = id === 'problems' && counts.problems > 0;
        return (
          <button
            key={id}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(id)}
            className={cn(
              'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
              active ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent hover:text-accent-foreground',
            )}
          >
            {OUTBOX_FILTER_LABELS[id]}
            <span
              className={cn(
                'min-w-5 rounded-full px-1.5 text-xs tabular-nums',
                active ? 'bg-primary-foreground/20' : alarm ? 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100' : 'bg-muted',
              )}
            >
              {counts[id]}
            </span>
          </button>
        );
      })}
    </div>
  );
}
