/** DELETE /api/admin/settings/logo (docs/product.md §19): back to the plain mark and icons; her header follows at once.
 * */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { practiceInfoQueryOptions } from '@/lib/queries/get-practice-info';
import { LOGO_URL } from './upload-logo';

export async function removeLogo(): Promise<void> {
  await apiRequest('DELETE', LOGO_URL);
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceInfoQueryOptions().queryKey }),
  });
}
