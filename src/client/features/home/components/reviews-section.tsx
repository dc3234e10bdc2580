import { ArrowRight } from '@/components/ui/first-load-icon';
import { Link } from 'wouter';
import { ReviewCard } from '@/components/review-card';
import { PlainButton } from '@/components/ui/plain-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useFeaturedReviews } from '@/lib/queries/get-featured-reviews';
import { SectionHeading } from './section-heading';

/** How many featured reviews the home page shows (two rows of two). */
const HOME_REVIEWS = 4;

/** 'Client Reviews': featured reviews with their stars, and 'Read More Reviews' to /review. */
export function ReviewsSection() {
  const reviews = useFeaturedReviews();

  return (
    <section aria-labelledby="reviews-heading" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <SectionHeading id="reviews-heading" eyebrow="Testimonials" title="Client Reviews">
          What clients say after a massage at home.
        </SectionHeading>
        <PlainButton asChild variant="outline" className="shrink-0 max-sm:hidden">
          <Link href="/review">
            Read More Reviews
            <ArrowRight aria-hidden />
          </Link>
        </PlainButton>
      </div>

      <div className="mt-10">
        {reviews.isPending ? (
          <div className="grid gap-5 md:grid-cols-2" aria-busy="true" aria-label="Loading reviews">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-44 rounded-xl" />
            ))}
          </div>
        ) : reviews.isError || reviews.data.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">
            Reviews from clients will appear here soon.
          </p>
        ) : (
          <ul className="grid gap-5 md:grid-cols-2">
            {reviews.data.slice(0, HOME_REVIEWS).map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <PlainButton asChild variant="outline" size="lg" className="mt-8 w-full sm:hidden">
        <Link href="/review">
          Read More Reviews
          <ArrowRight aria-hidden />
        </Link>
      </PlainButton>
    </section>
  );
}
