/**
 * The admin's Outbox tab (docs/product.md §2, docs/decisions/008-email-outbox.md). Admin only
 * (route-access.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  OUTBOX_MESSAGES,
  outboxPageSchema,
  outboxQuerySchema,
  outboxResendResponseSchema,
  type OutboxDelivery,
} from '@shared/schemas/outbox';
import { apiError, notFound } from '../../http/errors';
import { createOutboxAdmin } from './outbox-admin';
import { defineRoute, idParams } from '../../http/route';

export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const outbox = createOutboxAdmin(app.db);
  // Without SMTP_URL the worker keeps every message pending and writes it as a file.
  const delivery: OutboxDelivery = app.config.mail.smtpUrl ? 'smtp' : 'files';

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/outbox',
    summary: 'The e-mail outbox, newest first, with counts',
    query: outboxQuerySchema,
    response: { 200: outboxPageSchema },
    async handler({ query }) {
      const [page, counts] = await Promise.all([outbox.list(query), outbox.counts()]);
      return { delivery, maxAttempts: app.config.mail.maxAttempts, counts, ...page };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/outbox/:id/resend',
    summary: 'Send an e-mail again',
    params: idParams,
    response: { 200: outboxResendResponseSchema },
    returns: 'Queued again (or already queued)',
    errors: ['EMAIL_NOT_FOUND', 'EMAIL_ALREADY_SENT'],
    async handler({ params: { id } }, request) {
      const result = await outbox.resend(id);
      switch (result.outcome) {
        case 'not-found':
          throw notFound('EMAIL_NOT_FOUND', OUTBOX_MESSAGES.notFound);
        case 'sent':
          throw apiError('EMAIL_ALREADY_SENT', OUTBOX_MESSAGES.alreadySent);
        case 'already-queued':
          // A second click, or a message not tried yet: nothing to change, and nothing queued twice.
          return { message: OUTBOX_MESSAGES.alreadyQueued, item: result.item };
        case 'queued':
          request.log.info({ outboxId: id, event: 'outbox_resend' }, 'e-mail queued again by the admin');
          return { message: OUTBOX_MESSAGES.queuedAgain, item: result.item };
      }
    },
  });
}
