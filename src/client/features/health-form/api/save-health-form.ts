/**
 * POST /api/bookings/token/{token}/health-form: a filled-in form ({ answers, consent }), or
 * 'nothing has changed' ({ reconfirm: true, consent }). Answers 201 { submittedAt }.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { HealthFormStatus } from '@shared/constants';
import type { HealthSubmission } from '@shared/health-form';
import type { healthFormSavedSchema, healthReconfirmSchema } from '@shared/schemas/health';
import { apiRequest } from '@/lib/api';
import { healthFormUrl } from './get-health-form';

export type HealthReconfirm = z.input<typeof healthReconfirmSchema>;
export type HealthFormSaved = z.infer<typeof healthFormSavedSchema>;

export async function saveHealthForm(
  token: string,
  body: HealthSubmission | HealthReconfirm,
): Promise<HealthFormSaved> {
  const res = await apiRequest('POST', healthFormUrl(token), body);
  return (await res.json()) as HealthFormSaved;
}

/** The part of the booking's cached answer (GET /api/bookings/token/{token}) that saving changes. */
interface WithHealthStatus {
  healthForm?: HealthFormStatus | null;
}

/**
 * Once saved, the booking's answers (its health form status on the confirmation page, and this
 * page's status) are stale: everything under the booking's key is fetched again when next shown.
 * The booking's own answer is marked 'current' at once, so going back never flashes the old call
 * to fill in the form while it is fetched again.
 */
export function useSaveHealthForm(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HealthSubmission | HealthReconfirm) => saveHealthForm(token, body),
    onSuccess: async () => {
      queryClient.setQueryData<WithHealthStatus>(['/api/bookings/token', token], (booking) =>
        booking?.healthForm ? { ...booking, healthForm: 'current' } : booking,
      );
      await queryClient.invalidateQueries({ queryKey: ['/api/bookings/token', token], refetchType: 'none' });
    },
  });
}
