/**
 * Toggle buttons that filter a list, each with its count; a count can ask for attention (new reviews, failed e-mails).
 */
import { cn } from '@/lib/utils';

export type CountTone = 'attention' | 'alarm';

const TONES: Record<CountTone, string> = {
  attention: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  alarm: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

interface CountFilterBarProps<T extends string> {
  /** The group's accessible name, e.g. 'Show e-mails'. */
  label: string;
  options: readonly { id: T; label: string }[];
  counts: Record<T, number>;
  value: T;
  onChange: (id: T) => void;
  /** A tone for an inactive option's count, or nothing for the plain one. */
  toneOf?: (id: T, count: number) => CountTone | undefined;
}

export function CountFilterBar<T extends string>({
  label,
  options,
  counts,
  value,
  onChange,
  toneOf,
}: CountFilterBarProps<T>) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map(({ id, label: text }) => {
        const active = id === value;
        const tone = active ? undefined : toneOf?.(id, counts[id]);
        return (
          <button
            key={id}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(id)}
            className={cn(
              'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
              active
                ? 'border-primary bg-primary text-primary-foreground'
                : 'bg-background hover:bg-accent hover:text-accent-foreground',
            )}
          >
            {text}
            <span
              className={cn(
                'min-w-5 rounded-full px-1.5 text-xs tabular-nums',
                active ? 'bg-primary-foreground/20' : tone ? TONES[tone] : 'bg-muted',
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
