import { MessageSquareQuote } from 'lucide-react';
import { ReviewCard } from '@/components/review-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFeaturedReviews } from '@/lib/queries/get-featured-reviews';
import { relativeDate } from '../relative-date';

/** The featured reviews with their relative dates (docs/product.md §2 Reviews page, §9). */
export function ReviewList() {
  const reviews = useFeaturedReviews();

  if (reviews.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading reviews">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-48 rounded-xl" />
        ))}
      </div>
    );
  }
  if (reviews.isError) {
    return (
      <p role="alert" className="rounded-xl border border-destructive/40 bg-card p-6 text-sm text-destructive">
        Unable to load reviews. Please try again later.
      </p>
    );
  }
  if (reviews.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card p-10 text-center">
        <MessageSquareQuote className="size-8 text-primary" aria-hidden />
        <p className="font-medium">No reviews yet</p>
        <p className="max-w-xs text-sm text-muted-foreground">Be the first to share your experience.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {reviews.data.map((review) => {
        const when = relativeDate(review.createdAt);
        return (
          <li key={review.id}>
            <ReviewCard review={review} meta={when ? <time dateTime={review.createdAt}>{when}</time> : undefined} />
          </li>
        );
      })}
    </ul>
  );
}
