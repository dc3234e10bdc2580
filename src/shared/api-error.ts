/** The JSON body of every 4xx/5xx answer of the API (src/server/http/error-handler.ts). */

/** One invalid field: `path` names it as the request did ('email', 'durationOptions.0.price'). */
export interface FieldError {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  message: string;
  errors?: FieldError[];
}
