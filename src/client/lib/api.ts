/**
 * The one way the client talks to the API. Every endpoint has its own file under
 * features/<feature>/api/ (or lib/queries/ for the data the server inlines into index.html)
 * holding its fetcher, its query key and its hook; they all go through these functions.
 */
import type { ApiErrorBody, FieldError } from '@shared/api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The API's error answers follow ApiErrorBody (src/shared/api-error.ts); anything else (a proxy's
 * error page, a status text) reads as null.
 */
function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody> | null;
    return typeof body?.message === 'string' ? (body as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

/**
 * A non-OK answer. The message stays `${status}: ${body text or status text}` (docs/product.md §8);
 * callers read `status`, `body` and `fieldErrors` instead of parsing it.
 */
export class ApiError extends Error {
  readonly body: ApiErrorBody | null;

  constructor(
    readonly status: number,
    text: string,
    /** Seconds the server asks us to wait (its Retry-After header on a 429), else null. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${text}`);
    this.body = parseErrorBody(text);
  }

  get fieldErrors(): FieldError[] {
    return this.body?.errors ?? [];
  }
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let bodyText = '';
  try {
    bodyText = await res.text();
  } catch {
    // Body unreadable: fall back to the status text.
  }
  const retryAfter = Number(res.headers.get('retry-after'));
  const err = new ApiError(res.status, bodyText || res.statusText, retryAfter > 0 ? retryAfter : null);
  // Logged as a plain Error: the console names an Error subclass by its (minified) class name,
  // and the line must read 'API request error: Error: {status}: {body}'.
  console.error('API request error:', new Error(err.message));
  throw err;
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

/**
 * GET a URL and parse its JSON: the fetcher behind every query. With `nullIfUnauthorized`, a 401
 * (not signed in) yields null instead of failing.
 */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T>;
export async function getJson<T>(
  url: string,
  signal: AbortSignal | undefined,
  nullIfUnauthorized: true,
): Promise<T | null>;
export async function getJson<T>(url: string, signal?: AbortSignal, nullIfUnauthorized = false): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (nullIfUnauthorized && res.status === 401) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}
