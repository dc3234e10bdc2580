/**
 * POST /api/admin/clients/{id}/match (docs/decisions/034): her decision on a client's possible match.
 * 'link': the same person, this client is merged into the existing one, and the answer is the existing client (this
 * client's page is forgotten: it is gone). 'separate': another person, the match is cleared, and the answer is this
 * client. Every list refreshes, as after a merge. 409 CLIENT_NO_POSSIBLE_MATCH when it was decided already.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchDecision } from '@shared/client-match';
import type { ClientDetail } from '@shared/schemas/client';
import { apiRequest } from '@/lib/api';
import { adminBookingKeys } from '../../shared/booking-keys';
import { clientKeys } from '../client-keys';

export interface DecideClientMatchVariables {
  id: number;
  decision: MatchDecision;
}

export async function decideClientMatch({ id, decision }: DecideClientMatchVariables): Promise<ClientDetail> {
  const res = await apiRequest('POST', `/api/admin/clients/${id}/match`, { decision });
  return (await res.json()) as ClientDetail;
}

/** The mutation's key: the client whose match is decided. */
export const decideClientMatchKey = (id: number) => [...clientKeys.detail(id), 'match'] as const;

/**
 * `onLinked`: where her screen goes once this client is merged into the existing one. It is called before this
 * client's page is forgotten: forgotten first, the page still on screen would ask for the client again (a 404).
 */
export function useDecideClientMatch(id: number, { onLinked }: { onLinked?: (now: ClientDetail) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: decideClientMatchKey(id),
    mutationFn: (decision: MatchDecision) => decideClientMatch({ id, decision }),
    onSuccess: (now) => {
      queryClient.setQueryData(clientKeys.detail(now.id), now);
      if (now.id !== id) {
        onLinked?.(now);
        queryClient.removeQueries({ queryKey: clientKeys.detail(id), exact: true });
      }
    },
    onSettled: () => {
      // The bookings of both clients showed the match: those lists refresh too. Not awaited: her screen moves on.
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminBookingKeys.all });
    },
  });
}
