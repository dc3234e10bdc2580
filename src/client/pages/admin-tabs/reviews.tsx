import { ReviewsTab } from '@/features/admin/reviews/components/reviews-tab';

/** /admin/reviews (docs/product.md §2). */
export default function ReviewsTabPage() {
  return <ReviewsTab />;
}
