/**
 * The admin's Outbox tab (docs/product.md §2, docs/decisions/008-email-outbox.md). Admin only
 * (route-access.ts).
 */
import type { FastifyInstance } from 'fastify';
import { OUTBOX_MESSAGES, outboxQuerySchema, type OutboxPage, type OutboxResendResponse } from '@shared/schemas/outbox';
import { apiError, notFound } from '../../http/errors';
import { parseIdParam, parseInput } from '../../http/validate';
import { createOutboxAdmin } from './outbox-admin';
import { docs } from '../../http/openapi/route-docs';

export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const outbox = createOutboxAdmin(app.db);
  // Without SMTP_URL the worker keeps every message pending and writes it as a file.
  const delivery = app.config.mail.smtpUrl ? 'smtp' : 'files';

  app.get(
    '/api/admin/outbox',
    { config: docs({ summary: 'The e-mail outbox, newest first, with counts', query: outboxQuerySchema }) },
    async (request): Promise<OutboxPage> => {
      const query = parseInput(outboxQuerySchema, request.query);
      const [page, counts] = await Promise.all([outbox.list(query), outbox.counts()]);
      return { delivery, maxAttempts: app.config.mail.maxAttempts, counts, ...page };
    },
  );

  app.post(
    '/api/admin/outbox/:id/resend',
    {
      config: docs({
        summary: 'Send an e-mail again',
        responses: { 200: 'Queued again (or already queued)', 409: 'Already sent' },
      }),
    },
    async (request): Promise<OutboxResendResponse> => {
      const id = parseIdParam(request.params);
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
  );
}
