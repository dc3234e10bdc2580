/**
 * PATCH /api/reviews/{id}/featured, no body: flips whether the review is featured on the home page and /review
 * (docs/product.md §4).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@shared/schemas/review';
import { apiRequest } from '@/lib/api';
import { invalidateReviews, replaceReview } from './review-keys';

export async function toggleReviewFeatured(id: number): Promise<Review> {
  const res = await apiRequest('PATCH', `/api/reviews/${id}/featured`);
  return (await res.json()) as Review;
}

export function useToggleReviewFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleReviewFeatured,
    onSuccess: (review) => replaceReview(queryClient, review),
    onSettled: () => invalidateReviews(queryClient),
  });
}
