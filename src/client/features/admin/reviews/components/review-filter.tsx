/** Filter buttons with counts: 'Not featured' is where new reviews from the website wait for her. */
import { cn } from '@/lib/utils';
import { REVIEW_FILTERS, type ReviewFilter } from '../review-list';

interface ReviewFilterBarProps {
  value: ReviewFilter;
  counts: Record<ReviewFilter, number>;
  onChange: (filter: ReviewFilter) => void;
}

export function ReviewFilterBar({ value, counts, onChange }: ReviewFilterBarProps) {
  return (
    <div role="group" aria-label="Show reviews" className="flex flex-wrap gap-2">
      {REVIEW_FILTERS.map(({ id, label }) => {
        const active = id === value;
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
            {label}
            <span
              className={cn(
                'min-w-5 rounded-full px-1.5 text-xs tabular-nums',
                active ? 'bg-primary-foreground/20' : id === 'waiting' && counts.waiting > 0 ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100' : 'bg-muted',
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
