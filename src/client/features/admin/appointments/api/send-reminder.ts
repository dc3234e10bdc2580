/** POST /api/admin/bookings/{id}/reminder: the 'Appointment Reminder' e-mail, queued in the outbox. */
import { useMutation } from '@tanstack/react-query';
import type { ReminderQueuedResponse } from '@shared/schemas/booking';
import { apiRequest } from '@/lib/api';

export async function sendReminder(id: number): Promise<ReminderQueuedResponse> {
  const res = await apiRequest('POST', `/api/admin/bookings/${id}/reminder`);
  return (await res.json()) as ReminderQueuedResponse;
}

export function useSendReminder() {
  return useMutation({ mutationFn: sendReminder });
}
