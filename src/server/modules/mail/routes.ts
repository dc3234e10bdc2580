import type { FastifyInstance } from 'fastify';
import { emailSendSchema } from '@shared/schemas/booking';
import { messageWithIdSchema } from '@shared/schemas/message';
import { emailContext } from './email-kinds';
import { hostOf } from './ics';
import { enqueueEmail } from './outbox';
import { adminMessage } from './templates';
import { defineRoute } from '../../http/route';

export const EMAIL_QUEUED = 'Email queued';

export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const ctx = emailContext(app.config);
  const messageIdHost = hostOf(app.config.publicUrl);

  // Admin only (`access: 'admin'`). The message is queued; the mail worker delivers it.
  defineRoute(app, {
    method: 'POST',
    url: '/api/email/send',
    access: 'admin',
    summary: 'Send an e-mail to a client (queued in the outbox)',
    body: emailSendSchema,
    response: { 200: messageWithIdSchema },
    returns: 'Email queued',
    async handler({ body }, request) {
      const id = await enqueueEmail(app.db, adminMessage(body, ctx), { messageIdHost });
      request.log.info({ outboxId: id, event: 'admin_email_queued' }, 'admin e-mail queued');
      return { message: EMAIL_QUEUED, id };
    },
  });
}
