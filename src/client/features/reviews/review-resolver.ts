/**
 * The review form's validation, loaded on its first use (review-form.tsx, lib/lazy-resolver.ts): zod stays out of
 * /review's first load (decision 040).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { reviewInputSchema } from '@shared/schemas/review';

export const reviewResolver = zodResolver(reviewInputSchema);
