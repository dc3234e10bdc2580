/**
 * The Reviews tab's query key, in one place (like ../../shared/booking-keys.ts). It is not the
 * public pages' key: signed in, GET /api/reviews also answers the hidden reviews.
 */
import type { QueryClient } from '@tanstack/react-query';
import { featuredReviewsQueryOptions } from '@/lib/queries/get-featured-reviews';

export const adminReviewKeys = {
  all: ['/api/reviews', 'admin'] as const,
};

/** After any change: her list, and the featured reviews the home page and /review show. */
export function invalidateReviews(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminReviewKeys.all });
  void queryClient.invalidateQueries({ queryKey: featuredReviewsQueryOptions().queryKey });
}

/** Puts the server's answer for one review into her list at once (the refetch follows). */
export function replaceReview<T extends { id: number }>(queryClient: QueryClient, review: T): void {
  queryClient.setQueryData<T[]>(adminReviewKeys.all, (old) => old?.map((r) => (r.id === review.id ? review : r)));
}
