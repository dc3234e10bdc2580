/** POST /api/services: a new service, listed last; the public pages' services list refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service } from '@shared/schemas/service';
import { apiRequest } from '@/lib/api';
import { servicesQueryOptions } from '@/lib/queries/get-services';
import type { ServicePayload } from '../service-form';

export async function createService(payload: ServicePayload): Promise<Service> {
  const res = await apiRequest('POST', '/api/services', payload);
  return (await res.json()) as Service;
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSettled: () => queryClient.invalidateQueries({ queryKey: servicesQueryOptions().queryKey }),
  });
}
