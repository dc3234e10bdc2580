/** GET /api/business-hours: the week's opening hours, for the footer. Seeded from index.html. */
import { useQuery } from '@tanstack/react-query';
import { seededQueryOptions } from '@/lib/initial-data';

export function businessHoursQueryOptions() {
  return seededQueryOptions('/api/business-hours');
}

export function useBusinessHours() {
  return useQuery(businessHoursQueryOptions());
}
