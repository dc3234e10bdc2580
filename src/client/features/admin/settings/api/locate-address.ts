/**
 * GET /api/admin/settings/locate?address=: where an address is, for her base (404 NOT_FOUND when it cannot be found).
 * Asked when she presses 'Find', kept a few minutes per address so pressing it again asks nothing.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocatedPlace } from '@shared/schemas/settings';
import { getJson } from '@/lib/get-json';

const LOCATE_URL = '/api/admin/settings/locate';

export const locateAddressKey = (address: string) => [LOCATE_URL, address] as const;

export const locateAddress = (address: string, signal?: AbortSignal) =>
  getJson<LocatedPlace>(`${LOCATE_URL}?${new URLSearchParams({ address }).toString()}`, signal);

export function useLocateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) =>
      queryClient.fetchQuery({
        queryKey: locateAddressKey(address),
        queryFn: ({ signal }) => locateAddress(address, signal),
        staleTime: 5 * 60_000,
      }),
  });
}
