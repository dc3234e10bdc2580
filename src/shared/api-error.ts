/** The JSON body of every 4xx/5xx answer of the API (src/server/http/error-handler.ts). */
import { z } from 'zod';
import { ERROR_CODE_LIST } from './error-codes';

/** One invalid field: `path` names it as the request did ('email', 'durationOptions.0.price'). */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const apiErrorBodySchema = z
  .object({
    /** What went wrong, stable for clients to branch on (src/shared/error-codes.ts). */
    code: z.enum(ERROR_CODE_LIST),
    /** For people: the specification's wording where it has one. */
    message: z.string(),
    /** One entry per invalid field (400 only). */
    errors: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
