/**
 * GET /api/services: the active services, for the home page's offerings and the booking wizard. Seeded from index.html.
 */
import { useQuery } from '@tanstack/react-query';
import { seededQueryOptions } from '@/lib/initial-data';

export function servicesQueryOptions() {
  return seededQueryOptions('/api/services');
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}
