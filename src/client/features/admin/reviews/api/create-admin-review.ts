/** POST /api/admin/reviews: a testimonial she adds herself (docs/product.md §5 Review form). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminReviewInputSchema, Review } from '@shared/schemas/review';
import { apiRequest } from '@/lib/api';
import { invalidateReviews } from './review-keys';

export type AdminReviewValues = z.output<typeof adminReviewInputSchema>;

export async function createAdminReview(values: AdminReviewValues): Promise<Review> {
  const res = await apiRequest('POST', '/api/admin/reviews', values);
  return (await res.json()) as Review;
}

export function useCreateAdminReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminReview,
    onSettled: () => invalidateReviews(queryClient),
  });
}
