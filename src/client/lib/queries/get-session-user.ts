/** GET /api/auth/me: the signed-in administrator, or null. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth';
import { getJson } from '@/lib/get-json';
import { clearSignedInHint } from '@/lib/signed-in-hint';

export async function getSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  const me = await getJson<SessionUser>('/api/auth/me', signal, true);
  // The session ended on the server (expired): the hint is stale.
  if (!me) clearSignedInHint();
  return me;
}

export function sessionUserQueryOptions() {
  return queryOptions({ queryKey: ['/api/auth/me'], queryFn: ({ signal }) => getSessionUser(signal) });
}

/** The signed-in administrator, or null. */
export function useSessionUser({ enabled }: { enabled?: boolean } = {}) {
  return useQuery({ ...sessionUserQueryOptions(), enabled });
}
