/** GET /api/reviews as the administrator: every review, hidden ones included, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@shared/schemas/review';
import { getJson } from '@/lib/get-json';
import { adminReviewKeys } from './review-keys';

export function getAdminReviews(signal?: AbortSignal): Promise<Review[]> {
  return getJson<Review[]>('/api/reviews', signal);
}

export function adminReviewsQueryOptions() {
  return queryOptions({ queryKey: adminReviewKeys.all, queryFn: ({ signal }) => getAdminReviews(signal) });
}

/** Only once she is known to be signed in: signed out, the server would leave the hidden ones out. */
export function useAdminReviews({ enabled }: { enabled: boolean }) {
  return useQuery({ ...adminReviewsQueryOptions(), enabled });
}
