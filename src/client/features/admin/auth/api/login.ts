/** POST /api/auth/login (docs/product.md §4 Authentication). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SessionUser } from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api';
import { sessionUserQueryOptions } from '@/lib/queries/get-session-user';

export async function login(input: LoginInput): Promise<SessionUser> {
  const res = await apiRequest('POST', '/api/auth/login', input);
  return (await res.json()) as SessionUser;
}

/** On success the user is set, then the session is checked again; on failure the user is cleared. */
export function useLogin() {
  const queryClient = useQueryClient();
  const sessionKey = sessionUserQueryOptions().queryKey;
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      queryClient.setQueryData(sessionKey, user);
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
    onError: () => {
      queryClient.setQueryData(sessionKey, null);
    },
  });
}
