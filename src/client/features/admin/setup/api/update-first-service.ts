/**
 * PUT /api/services/{id}: the setup's last step edits the example service a new site starts with (a production start
 * writes one, docs/product.md §2 "First run") rather than adding a second beside it; the public services list
 * refreshes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceInput } from '@shared/schemas/service';
import { apiRequest } from '@/lib/api';
import { servicesQueryOptions } from '@/lib/queries/get-services';

export async function updateFirstService({ id, input }: { id: number; input: ServiceInput }): Promise<Service> {
  const res = await apiRequest('PUT', `/api/services/${id}`, input);
  return (await res.json()) as Service;
}

export function useUpdateFirstService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFirstService,
    onSettled: () => queryClient.invalidateQueries({ queryKey: servicesQueryOptions().queryKey }),
  });
}
