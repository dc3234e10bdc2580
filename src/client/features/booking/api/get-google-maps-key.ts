/** GET /api/google-maps/key: the browser key for address suggestions, when maps are enabled. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAPS_KEY_CACHE_MS } from '@shared/constants';
import { getJson } from '@/lib/get-json';

export function getGoogleMapsKey(signal?: AbortSignal): Promise<{ apiKey: string }> {
  return getJson('/api/google-maps/key', signal);
}

export function googleMapsKeyQueryOptions() {
  return queryOptions({
    queryKey: ['/api/google-maps/key'],
    queryFn: ({ signal }) => getGoogleMapsKey(signal),
    // As long as the server lets browsers cache it.
    staleTime: MAPS_KEY_CACHE_MS,
    gcTime: MAPS_KEY_CACHE_MS,
  });
}

export function useGoogleMapsKey({ enabled }: { enabled: boolean }) {
  return useQuery({ ...googleMapsKeyQueryOptions(), enabled });
}
