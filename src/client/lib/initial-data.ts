/**
 * The server inlines what public pages need into index.html (see
 * src/server/modules/site/initial-data.ts); putting it into the query cache before the
 * first render means no page waits for an API round trip to paint.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID } from '@shared/constants';
import type { InitialData, SiteConfig } from '@shared/site';
import { getJson } from './get-json';

type SeededData = InitialData['queries'] & { '/api/site': SiteConfig };

/**
 * The query of seeded data (lib/queries/): its key is its URL, the key the seeding below
 * writes, and its fetcher a plain GET of that URL.
 */
export function seededQueryOptions<U extends keyof SeededData>(url: U) {
  return queryOptions({ queryKey: [url], queryFn: ({ signal }) => getJson<SeededData[U]>(url, signal) });
}

export function readInitialData(): InitialData | null {
  const element = document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    return null;
  }
}

export function seedQueryCache(queryClient: QueryClient, data: InitialData | null): void {
  if (!data) return;
  for (const [url, value] of Object.entries(data.queries)) queryClient.setQueryData([url], value);
  queryClient.setQueryData(['/api/site'], data.site);
}
