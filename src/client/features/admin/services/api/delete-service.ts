/** DELETE /api/services/{id}: the service goes; bookings of it keep their own name and price. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { servicesQueryOptions } from '@/lib/queries/get-services';

export async function deleteService(id: number): Promise<{ message: string; id: number }> {
  const res = await apiRequest('DELETE', `/api/services/${id}`);
  return (await res.json()) as { message: string; id: number };
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSettled: () => queryClient.invalidateQueries({ queryKey: servicesQueryOptions().queryKey }),
  });
}
