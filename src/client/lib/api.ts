import type { QueryFunction } from '@tanstack/react-query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Turn a non-OK response into an Error whose message is `${status}: ${body text || status text}`
 * (SPEC §8). The error is logged as 'API request error:' and thrown.
 */
async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let bodyText = '';
  try {
    bodyText = await res.text();
  } catch {
    // Body unreadable: fall back to the status text.
  }
  const err = new Error(`${res.status}: ${bodyText || res.statusText}`);
  console.error('API request error:', err);
  throw err;
}

/**
 * Send a request to the API. Cookies are always sent; a JSON body and its content type are sent
 * only when `data` is supplied (SPEC §7); `extraHeaders` adds others (Idempotency-Key).
 * Resolves to the raw Response on success.
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

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * A TanStack Query function that GETs queryKey[0] as the URL and parses JSON.
 * With `on401: 'returnNull'` a 401 answer yields null instead of failing.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = queryKey[0];
    if (typeof url !== 'string') {
      throw new Error('getQueryFn: queryKey[0] must be the request URL');
    }
    const res = await fetch(url, { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) {
      return null as T;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
