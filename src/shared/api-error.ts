/** The JSON body of every 4xx/5xx answer of the API (src/server/http/error-handler.ts). */
import type { ErrorCode } from './error-codes';

/** One invalid field: `path` names it as the request did ('email', 'durationOptions.0.price'). */
export interface FieldError {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  /** What went wrong, stable for clients to branch on (src/shared/error-codes.ts). */
  code: ErrorCode;
  /** For people: the specification's wording where it has one. */
  message: string;
  errors?: FieldError[];
}
