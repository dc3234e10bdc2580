import type { ReactNode } from 'react';
import type { Review } from '@shared/schemas/review';
import { cx } from '@/lib/class-names';
import { StarRating } from './star-rating';

/** First letters of the first two words: 'Sarah M.' -> 'SM'. */
function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return letters || '?';
}

interface ReviewCardProps {
  review: Pick<Review, 'name' | 'rating' | 'comment'>;
  /** A line under the name, e.g. the review's relative date. */
  meta?: ReactNode;
  className?: string;
}

/** A review: stars, the comment and who wrote it. */
export function ReviewCard({ review, meta, className }: ReviewCardProps) {
  return (
    <figure
      className={cx(
        'flex h-full flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6',
        className,
      )}
    >
      <StarRating rating={review.rating} />
      <blockquote className="flex-1 text-[0.95rem] leading-relaxed text-pretty">
        <p className="whitespace-pre-line break-words">“{review.comment}”</p>
      </blockquote>
      <figcaption className="flex items-center gap-3 border-t pt-4">
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
        >
          {initials(review.name)}
        </span>
        <span className="min-w-0">
          <span className="block truncate font-medium">{review.name}</span>
          {meta && <span className="block text-sm text-muted-foreground">{meta}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
