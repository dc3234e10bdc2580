/** POST /api/email/send: the therapist's own message to a client, queued in the outbox. */
import { useMutation } from '@tanstack/react-query';
import type { EmailSendInput } from '@shared/schemas/booking';
import { apiRequest } from '@/lib/api';

export async function sendEmail(input: EmailSendInput): Promise<void> {
  await apiRequest('POST', '/api/email/send', input);
}

export function useSendEmail() {
  return useMutation({ mutationFn: sendEmail });
}
