import { Star } from '@/components/ui/first-load-icon';
import { MAX_RATING } from '@shared/constants';
import { cx } from '@/lib/class-names';

interface StarRatingProps {
  /** 0-5 is tolerated in display (docs/product.md §3); other values are clamped. */
  rating: number;
  className?: string;
  starClassName?: string;
}

/** Five stars, filled up to the rating (docs/product.md §2), read as 'Rated 4 out of 5'. */
export function StarRating({ rating, className, starClassName }: StarRatingProps) {
  const value = Math.min(MAX_RATING, Math.max(0, Math.round(Number.isFinite(rating) ? rating : 0)));
  return (
    <div
      role="img"
      aria-label={`Rated ${value} out of ${MAX_RATING}`}
      className={cx('flex items-center gap-0.5', className)}
    >
      {Array.from({ length: MAX_RATING }, (_, i) => (
        <Star
          key={i}
          aria-hidden
          strokeWidth={1.75}
          className={cx(
            'size-4 shrink-0',
            i < value
              ? 'fill-amber-400 text-amber-500 dark:text-amber-400'
              : 'fill-transparent text-muted-foreground/45',
            starClassName,
          )}
        />
      ))}
    </div>
  );
}
