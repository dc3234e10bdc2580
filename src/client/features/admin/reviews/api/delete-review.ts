/** DELETE /api/reviews/{id}, no body: the review goes for good (docs/product.md §19); answers 204. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@shared/schemas/review';
import { apiRequest } from '@/lib/api';
import { adminReviewKeys, invalidateReviews } from './review-keys';

export async function deleteReview(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/reviews/${id}`);
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    // Gone from her list at once; the refetch follows.
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Review[]>(adminReviewKeys.all, (old) => old?.filter((r) => r.id !== id)),
    onSettled: () => invalidateReviews(queryClient),
  });
}
