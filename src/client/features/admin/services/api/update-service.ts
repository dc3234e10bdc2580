/** PUT /api/services/{id}: the same fields plus the id. Bookings keep what was booked (docs/product.md §4). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service } from '@shared/schemas/service';
import { apiRequest } from '@/lib/api';
import { servicesQueryOptions } from '@/lib/queries/get-services';
import type { ServicePayload } from '../service-form';

export async function updateService({ id, payload }: { id: number; payload: ServicePayload }): Promise<Service> {
  const res = await apiRequest('PUT', `/api/services/${id}`, { ...payload, id });
  return (await res.json()) as Service;
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSettled: () => queryClient.invalidateQueries({ queryKey: servicesQueryOptions().queryKey }),
  });
}
