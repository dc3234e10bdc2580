/**
 * One review as she moderates it (docs/product.md §2): name, NZ date, stars, comment, and the
 * Feature/Featured and Hide/Show toggles. A hidden card is dimmed by its surface and a badge, not
 * by opacity, so its text keeps its contrast in both themes.
 */
import { Eye, EyeOff, Loader2, Star, Trash2 } from 'lucide-react';
import type { Review } from '@shared/schemas/review';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { StarRating } from '@/components/star-rating';
import { cn } from '@/lib/utils';
import { isWaiting, reviewDate } from '../review-list';
import { TEXTS } from '../texts';

interface ReviewCardProps {
  review: Review;
  onToggleFeatured: (review: Review) => void;
  onToggleHidden: (review: Review) => void;
  /** Opens the tab's delete confirmation (docs/product.md §19). */
  onDelete: (review: Review) => void;
  featuring: boolean;
  hiding: boolean;
}

export function ReviewCard({ review, onToggleFeatured, onToggleHidden, onDelete, featuring, hiding }: ReviewCardProps) {
  const headingId = `review-${review.id}-name`;
  const by = ` review by ${review.name}`;
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-3 rounded-lg border p-4 shadow-sm',
        review.hidden ? 'border-dashed bg-muted/60 text-muted-foreground shadow-none' : 'bg-card text-card-foreground',
        review.featured && !review.hidden && 'border-amber-400/70 dark:border-amber-400/50',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3
            id={headingId}
            className={cn(
              'font-semibold [overflow-wrap:anywhere]',
              review.hidden ? 'text-muted-foreground' : 'text-foreground',
            )}
          >
            {review.name}
          </h3>
          <p className="whitespace-nowrap text-sm text-muted-foreground">{reviewDate(review.createdAt)}</p>
        </div>
        <StateBadge review={review} />
      </div>
      <StarRating rating={review.rating} className={review.hidden ? 'opacity-60' : undefined} />
      <p className="flex-1 whitespace-pre-line text-sm [overflow-wrap:anywhere]">{review.comment}</p>
      <div className="flex flex-wrap gap-2 border-t pt-3">
        <Button
          type="button"
          size="sm"
          variant={review.featured ? 'default' : 'outline'}
          disabled={featuring}
          onClick={() => onToggleFeatured(review)}
          className="flex-1 sm:flex-none"
        >
          {featuring ? (
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
          ) : (
            <Star className={review.featured ? 'fill-current' : undefined} aria-hidden />
          )}
          {review.featured ? 'Featured' : 'Feature'}
          <span className="sr-only">{by}</span>
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={hiding}
          onClick={() => onToggleHidden(review)}
          className="flex-1 sm:flex-none"
        >
          {hiding ? (
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
          ) : review.hidden ? (
            <Eye aria-hidden />
          ) : (
            <EyeOff aria-hidden />
          )}
          {review.hidden ? 'Show' : 'Hide'}
          <span className="sr-only">{by}</span>
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => onDelete(review)}
          className="flex-1 text-red-700 hover:text-red-800 sm:flex-none dark:text-red-300 dark:hover:text-red-200"
        >
          <Trash2 aria-hidden />
          {TEXTS.delete}
          <span className="sr-only">{by}</span>
        </Button>
      </div>
    </li>
  );
}

/** What the home page does with it: shown there, waiting for her, or hidden everywhere. */
function StateBadge({ review }: { review: Review }) {
  if (review.hidden) {
    return (
      <Badge variant="outline" className="shrink-0 gap-1 text-muted-foreground">
        <EyeOff className="size-3" aria-hidden />
        Hidden
      </Badge>
    );
  }
  if (isWaiting(review)) {
    return (
      <Badge variant="warning" className="shrink-0">
        Not featured
      </Badge>
    );
  }
  return (
    <Badge variant="success" className="shrink-0">
      On home page
    </Badge>
  );
}
