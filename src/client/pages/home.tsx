import { Skeleton } from '@/components/ui/skeleton';
import { ClosingCta } from '@/features/home/components/closing-cta';
import { Hero } from '@/features/home/components/hero';
import { IntroSection } from '@/features/home/components/intro-section';
import { OfferingsSection } from '@/features/home/components/offerings-section';
import { ReviewsSection } from '@/features/home/components/reviews-section';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { useDocumentTitle } from '@/lib/use-document-title';

/** / (docs/product.md §1, §2): hero, introduction, offerings, featured reviews, closing call to action. */
export default function HomePage() {
  useDocumentTitle(null);
  const practice = usePracticeInfo();

  if (practice.isPending) {
    return (
      <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-16 sm:px-6" aria-busy="true">
        <Skeleton className="h-12 w-3/4 max-w-xl" />
        <Skeleton className="h-6 w-full max-w-lg" />
        <Skeleton className="h-12 w-48" />
      </div>
    );
  }
  if (practice.isError) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
        <p role="alert" className="text-destructive">
          Unable to load this page. Please try again later.
        </p>
      </div>
    );
  }

  return (
    <>
      <Hero practice={practice.data} />
      <IntroSection practice={practice.data} />
      <OfferingsSection />
      <ReviewsSection />
      <ClosingCta practice={practice.data} />
    </>
  );
}
