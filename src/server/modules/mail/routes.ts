import type { FastifyInstance } from 'fastify';
import { emailSendSchema } from '@shared/schemas/booking';
import { parseInput } from '../../http/validate';
import { emailContext } from './email-kinds';
import { hostOf } from './ics';
import { enqueueEmail } from './outbox';
import { adminMessage } from './templates';
import { docs } from '../../http/openapi/route-docs';

export const EMAIL_QUEUED = 'Email queued';

export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const ctx = emailContext(app.config);
  const messageIdHost = hostOf(app.config.publicUrl);

  // Admin only (route-access.ts). The message is queued; the mail worker delivers it.
  app.post(
    '/api/email/send',
    {
      config: docs({
        summary: 'Send an e-mail to a client (queued in the outbox)',
        body: emailSendSchema,
        responses: { 200: 'Email queued' },
      }),
    },
    async (request) => {
      const input = parseInput(emailSendSchema, request.body);
      const id = await enqueueEmail(app.db, adminMessage(input, ctx), { messageIdHost });
      request.log.info({ outboxId: id, event: 'admin_email_queued' }, 'admin e-mail queued');
      return { message: EMAIL_QUEUED, id };
    },
  );
}
