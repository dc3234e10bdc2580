/** GET /api/admin/settings/locate?address=: where her base address is (404 NOT_FOUND when it cannot be found). */
import { useMutation } from '@tanstack/react-query';
import type { LocatedPlace } from '@shared/schemas/settings';
import { getJson } from '@/lib/get-json';

export const locateAddress = (address: string) =>
  getJson<LocatedPlace>(`/api/admin/settings/locate?${new URLSearchParams({ address }).toString()}`);

export function useLocateAddress() {
  return useMutation({ mutationFn: locateAddress });
}
