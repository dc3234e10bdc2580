/**
 * The one way the client talks to the API. Every endpoint has its own file under
 * features/<feature>/api/ (or lib/queries/ for the data the server inlines into index.html)
 * holding its fetcher, its query key and its hook; they all go through these functions, and queries through getJson
 * (lib/get-json.ts). Decision 040: the home page's first bundle holds getJson alone; this module, with ApiError and the
 * API's list of error codes, is a chunk the other pages load, and getJson loads it when an answer fails.
 */
import type { ApiErrorBody, FieldError } from '@shared/api-error';
import { isErrorCodeName } from '@shared/error-code-names';
import type { ErrorCode } from '@shared/error-codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The part of an error answer shown to the user: its message and invalid fields. */
export type ErrorMessageBody = Pick<ApiErrorBody, 'message' | 'errors'>;

/**
 * The API's error answers follow ApiErrorBody (src/shared/api-error.ts): a code and a message.
 * The message of any JSON answer is read (as it always was); the code only when it is one of
 * ours. Anything else (a proxy's error page, a status text) has neither.
 */
function parseErrorBody(text: string): { body: ErrorMessageBody | null; code: ErrorCode | null } {
  try {
    const json = JSON.parse(text) as { code?: unknown; message?: unknown } | null;
    if (typeof json?.message !== 'string') return { body: null, code: null };
    return { body: json as ErrorMessageBody, code: isErrorCodeName(json.code) ? json.code : null };
  } catch {
    return { body: null, code: null };
  }
}

/**
 * A non-OK answer. The message stays `${status}: ${body text or status text}` (docs/product.md §8);
 * callers decide by `code`, and show `body.message` and `fieldErrors`; they never parse the message.
 */
export class ApiError extends Error {
  readonly body: ErrorMessageBody | null;
  /** What went wrong, stable (src/shared/error-codes.ts); null when the answer is not the API's. */
  readonly code: ErrorCode | null;

  constructor(
    readonly status: number,
    text: string,
    /** Seconds the server asks us to wait (its Retry-After header on a 429), else null. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${text}`);
    const parsed = parseErrorBody(text);
    this.body = parsed.body;
    this.code = parsed.code;
  }

  get fieldErrors(): FieldError[] {
    return this.body?.errors ?? [];
  }
}

/** The code of a failed API call; null for any other failure (the network, a proxy's page). */
export function errorCode(error: unknown): ErrorCode | null {
  return error instanceof ApiError ? error.code : null;
}

/** The ApiError of a non-OK answer, from its body (read here) or its status text. */
export async function apiErrorOf(res: Response): Promise<ApiError> {
  let bodyText = '';
  try {
    bodyText = await res.text();
  } catch {
    // Body unreadable: fall back to the status text.
  }
  const retryAfter = Number(res.headers.get('retry-after'));
  return new ApiError(res.status, bodyText || res.statusText, retryAfter > 0 ? retryAfter : null);
}

/** Logs a failed call and returns it, to be thrown. */
export function reported(err: ApiError): ApiError {
  // Logged as a plain Error: the console names an Error subclass by its (minified) class name,
  // and the line must read 'API request error: Error: {status}: {body}'.
  console.error('API request error:', new Error(err.message));
  return err;
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw reported(await apiErrorOf(res));
}

/**
 * Send a request to the API. Cookies are always sent; a JSON body and its content type are sent
 * only when `data` is supplied (docs/product.md §7); `extraHeaders` adds others (Idempotency-Key).
 * Resolves to the raw Response on success; fails with an ApiError.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { ...extraHeaders, 'Content-Type': 'application/json' } : extraHeaders,
    body: hasBody ? JSON.stringify(data) : undefined,
  });
  await throwIfResNotOk(res);
  return res;
}
