/** GET /api/practice: the practice profile that the header, footer and pages show. Seeded from index.html. */
import { useQuery } from '@tanstack/react-query';
import { seededQueryOptions } from '@/lib/initial-data';

export function practiceInfoQueryOptions() {
  return seededQueryOptions('/api/practice');
}

export function usePracticeInfo() {
  return useQuery(practiceInfoQueryOptions());
}
