/** POST /api/services: her first service from the setup's last step; the public services list refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceInput } from '@shared/schemas/service';
import { apiRequest } from '@/lib/api';
import { servicesQueryOptions } from '@/lib/queries/get-services';

export async function createFirstService(input: ServiceInput): Promise<Service> {
  const res = await apiRequest('POST', '/api/services', input);
  return (await res.json()) as Service;
}

export function useCreateFirstService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFirstService,
    onSettled: () => queryClient.invalidateQueries({ queryKey: servicesQueryOptions().queryKey }),
  });
}
