/**
 * PATCH /api/reviews/{id}/hidden, no body: flips whether the review is hidden from every public page (docs/product.md
 * §4).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@shared/schemas/review';
import { apiRequest } from '@/lib/api';
import { invalidateReviews, replaceReview } from './review-keys';

export async function toggleReviewHidden(id: number): Promise<Review> {
  const res = await apiRequest('PATCH', `/api/reviews/${id}/hidden`);
  return (await res.json()) as Review;
}

export function useToggleReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleReviewHidden,
    onSuccess: (review) => replaceReview(queryClient, review),
    onSettled: () => invalidateReviews(queryClient),
  });
}
