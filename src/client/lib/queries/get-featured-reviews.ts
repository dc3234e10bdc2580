/** GET /api/reviews?featured=true: the reviews the home page and the reviews page show. Seeded from index.html. */
import { useQuery } from '@tanstack/react-query';
import { seededQueryOptions } from '@/lib/initial-data';

export function featuredReviewsQueryOptions() {
  return seededQueryOptions('/api/reviews?featured=true');
}

export function useFeaturedReviews() {
  return useQuery(featuredReviewsQueryOptions());
}
