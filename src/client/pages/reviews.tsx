import { ReviewForm } from '@/features/reviews/components/review-form';
import { ReviewList } from '@/features/reviews/components/review-list';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /review: 'Customer Reviews' and the 'Share Your Experience' form (docs/product.md §2). */
export default function ReviewsPage() {
  useDocumentTitle('Reviews');

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:py-16">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">Customer Reviews</h1>
        <p className="mt-3 text-lg leading-relaxed text-muted-foreground text-pretty">
          Kind words from clients after a massage at home. Had a session recently? I’d love to hear how it went.
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-12">
        <section aria-label="Featured reviews">
          <ReviewList />
        </section>

        <section
          aria-labelledby="share-heading"
          className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6 lg:sticky lg:top-24"
        >
          <h2 id="share-heading" className="text-xl font-semibold tracking-tight">
            Share Your Experience
          </h2>
          <p className="mt-1.5 mb-6 text-sm text-muted-foreground">
            Your review is read before it appears on the site.
          </p>
          <ReviewForm headingId="share-heading" />
        </section>
      </div>
    </div>
  );
}
