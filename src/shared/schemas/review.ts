import { z } from 'zod';
import { multiLine, singleLine } from './text';
import { DEFAULT_RATING, LIMITS, MAX_RATING, MIN_RATING, REVIEW_HONEYPOT_FIELD } from '../constants';

/** docs/product.md §5 Review form: name and comment required, rating 1-5 (default 5). */
export const reviewInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(LIMITS.nameMax)
    .refine(...singleLine),
  rating: z
    .number({ error: 'Rating must be a number' })
    .int('Rating must be a whole number')
    .min(MIN_RATING, `Rating must be between ${MIN_RATING} and ${MAX_RATING}`)
    .max(MAX_RATING, `Rating must be between ${MIN_RATING} and ${MAX_RATING}`)
    .default(DEFAULT_RATING),
  comment: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(LIMITS.textMax)
    .refine(...multiLine),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

/** POST /api/reviews (public): the form plus the honeypot. */
export const publicReviewInputSchema = reviewInputSchema.extend({
  [REVIEW_HONEYPOT_FIELD]: z.string().max(500).optional(),
});

/** POST /api/admin/reviews: the admin may feature it at once. */
export const adminReviewInputSchema = reviewInputSchema.extend({
  featured: z.boolean().default(false),
});

/** A review as the API answers it (createdAt: an ISO instant). */
export const reviewSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    rating: z.number().int(),
    comment: z.string(),
    featured: z.boolean(),
    hidden: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;
