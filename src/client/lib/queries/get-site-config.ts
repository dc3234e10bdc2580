/** GET /api/site: analytics and whether address suggestions are on (docs/product.md §7). Seeded from index.html. */
import { useQuery } from '@tanstack/react-query';
import { seededQueryOptions } from '@/lib/initial-data';

export function siteConfigQueryOptions() {
  return seededQueryOptions('/api/site');
}

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}
