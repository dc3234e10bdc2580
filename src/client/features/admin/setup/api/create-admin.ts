/**
 * POST /api/setup: her account, with the setup code from the server's log (docs/product.md §2 "First run"). The answer
 * signs her in as a sign-in does: the session query holds her at once, and setup is no longer needed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth';
import type { SetupInput } from '@shared/schemas/setup';
import { apiRequest } from '@/lib/api';
import { sessionUserQueryOptions } from '@/lib/queries/get-session-user';
import { SETUP_STATUS_KEY } from './get-setup-status';

export async function createAdmin(input: SetupInput): Promise<SessionUser> {
  const res = await apiRequest('POST', SETUP_STATUS_KEY[0], input);
  return (await res.json()) as SessionUser;
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: (user) => {
      queryClient.setQueryData(sessionUserQueryOptions().queryKey, user);
      // Not awaited: the page moves on to the next step first (setup-steps.ts, setupRoute).
      void queryClient.invalidateQueries({ queryKey: SETUP_STATUS_KEY });
    },
  });
}
