/**
 * The server inlines what public pages need into index.html (see
 * src/server/modules/site/initial-data.ts); putting it into the query cache before the
 * first render means no page waits for an API round trip to paint.
 */
import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, type InitialData, type SiteConfig } from '@shared/site';

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

export type { SiteConfig };
