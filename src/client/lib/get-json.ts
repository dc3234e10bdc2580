/**
 * GET a URL and parse its JSON: the fetcher behind every query. Decision 040: the home page's
 * first bundle holds this alone. A failed answer fails with an ApiError of lib/api.ts, a chunk of its own (ApiError
 * and the API's list of error codes, whose check of an answer's code costs the first load ~1 kB), loaded then.
 */
import { nextTask } from './next-task';

/** With `nullIfUnauthorized`, an UNAUTHENTICATED answer (not signed in) yields null instead of failing. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T>;
export async function getJson<T>(
  url: string,
  signal: AbortSignal | undefined,
  nullIfUnauthorized: true,
): Promise<T | null>;
export async function getJson<T>(url: string, signal?: AbortSignal, nullIfUnauthorized = false): Promise<T | null> {
  // Each request sent from a task of its own: queries start as a page's components mount, all in one task, and a
  // phone's fetch() costs ~5-10 ms of its main thread (docs/product.md §17: Today's eight requests held it for ~60 ms
  // at once).
  await nextTask();
  const res = await fetch(url, { credentials: 'include', signal });
  if (!res.ok) {
    const { apiErrorOf, reported } = await import('./api');
    const err = await apiErrorOf(res);
    if (nullIfUnauthorized && err.code === 'UNAUTHENTICATED') return null;
    throw reported(err);
  }
  return (await res.json()) as T;
}
