import { Star } from 'lucide-react';
import { useState } from 'react';
import { MAX_RATING } from '@shared/constants';
import { cn } from '@/lib/utils';

interface StarRatingInputProps {
  name: string;
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  legend?: string;
  /** id of the error message, when there is one. */
  errorId?: string;
}

/**
 * A 1-5 star picker built on native radio buttons: Tab reaches the group, the arrow keys change
 * the rating, and each star is read as '3 stars'.
 */
export function StarRatingInput({ name, value, onChange, onBlur, legend = 'Rating', errorId }: StarRatingInputProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value;

  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-medium leading-none">{legend}</legend>
      <div className="mt-2 flex items-center gap-3">
        <div className="-ml-1 flex" onMouseLeave={() => setHovered(null)}>
          {Array.from({ length: MAX_RATING }, (_, i) => {
            const n = i + 1;
            return (
              <label key={n} className="cursor-pointer p-0.5" onMouseEnter={() => setHovered(n)}>
                <input
                  type="radio"
                  name={name}
                  value={n}
                  checked={value === n}
                  onChange={() => onChange(n)}
                  onBlur={onBlur}
                  className="peer sr-only"
                />
                <span className="block rounded-md p-1 transition-transform peer-focus-visible:ring-2 peer-focus-visible:ring-ring hover:scale-110">
                  <Star
                    aria-hidden
                    strokeWidth={1.6}
                    className={cn(
                      'size-7 transition-colors',
                      n <= shown
                        ? 'fill-amber-400 text-amber-500 dark:text-amber-400'
                        : 'fill-transparent text-muted-foreground/60',
                    )}
                  />
                </span>
                <span className="sr-only">
                  {n} {n === 1 ? 'star' : 'stars'}
                </span>
              </label>
            );
          })}
        </div>
        <span className="text-sm text-muted-foreground tabular-nums" aria-hidden>
          {value} out of {MAX_RATING}
        </span>
      </div>
    </fieldset>
  );
}
