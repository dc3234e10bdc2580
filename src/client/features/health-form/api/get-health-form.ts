/** GET /api/bookings/token/{token}/health-form: the questions, the consent, any earlier form and the visit. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthFormPage } from '@shared/schemas/health';
import { getJson } from '@/lib/get-json';

export function healthFormUrl(token: string): string {
  return `/api/bookings/token/${encodeURIComponent(token)}/health-form`;
}

export function getHealthForm(token: string, signal?: AbortSignal): Promise<HealthFormPage> {
  return getJson(healthFormUrl(token), signal);
}

/** Under the booking's own key, so that saving the form can refresh both with one prefix. */
export function healthFormQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/bookings/token', token, 'health-form'],
    queryFn: ({ signal }) => getHealthForm(token, signal),
  });
}

/** An empty token (a malformed link) is not asked for: the query stays pending. */
export function useHealthForm(token: string) {
  return useQuery({ ...healthFormQueryOptions(token), enabled: token !== '' });
}
