/** POST /api/reviews: a visitor's review, shown on the site once it has been read and featured. */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { REVIEW_HONEYPOT_FIELD } from '@shared/constants';
import type { reviewInputSchema } from '@shared/schemas/review';
import { apiRequest } from '@/lib/api';

export type ReviewValues = z.output<typeof reviewInputSchema>;

/** `honeypot`: what the hidden field holds (a person leaves it empty). */
export async function createReview(values: ReviewValues, honeypot: string): Promise<void> {
  await apiRequest('POST', '/api/reviews', { ...values, [REVIEW_HONEYPOT_FIELD]: honeypot });
}

// No public list changes: a new review shows once the administrator features it. (The admin's
// review list, once it exists, is the query to invalidate here.)
export function useCreateReview(options: { onSuccess?: () => void; onError?: () => void } = {}) {
  return useMutation({
    mutationFn: ({ values, honeypot }: { values: ReviewValues; honeypot: string }) => createReview(values, honeypot),
    ...options,
  });
}
