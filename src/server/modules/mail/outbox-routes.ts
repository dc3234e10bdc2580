/**
 * The admin's Outbox tab (docs/product.md §2, docs/decisions/008-email-outbox.md). Admin only.
 */
import type { FastifyInstance } from 'fastify';
import {
  HELD_MESSAGES,
  heldAllInputSchema,
  heldAnswerSchema,
  OUTBOX_MESSAGES,
  outboxPageSchema,
  outboxQuerySchema,
  outboxResendResponseSchema,
  resendMessages,
  type OutboxDelivery,
} from '@shared/schemas/outbox';
import { nzMonthOf, nzMonthStart } from '@shared/sms';
import { apiError, notFound } from '../../http/errors';
import { createOutboxAdmin, type HeldResult } from './outbox-admin';
import { defineRoute, idParams } from '../../http/route';

export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const outbox = createOutboxAdmin(app.db);
  // Without SMTP_URL the worker keeps every message pending and writes it as a file.
  const delivery: OutboxDelivery = app.config.mail.smtpUrl ? 'smtp' : 'files';

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/outbox',
    access: 'admin',
    summary: 'The outbox: e-mails and texts (`channel`), newest first, with counts',
    query: outboxQuerySchema,
    response: { 200: outboxPageSchema },
    async handler({ query }) {
      const [page, { counts, channels }, sms] = await Promise.all([
        outbox.list(query),
        outbox.counts(query.channel),
        outbox.smsSummary(app.config.sms, nzMonthStart(nzMonthOf(new Date()))),
      ]);
      return { delivery, maxAttempts: app.config.mail.maxAttempts, counts, channels, sms, ...page };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/outbox/:id/resend',
    access: 'admin',
    summary: 'Send an e-mail or a text again',
    params: idParams,
    response: { 200: outboxResendResponseSchema },
    returns: 'Queued again (or already queued)',
    errors: ['EMAIL_NOT_FOUND', 'EMAIL_ALREADY_SENT'],
    async handler({ params: { id } }, request) {
      const result = await outbox.resend(id);
      if (result.outcome === 'not-found') throw notFound('EMAIL_NOT_FOUND', OUTBOX_MESSAGES.notFound);
      // A text (decision 038) is answered in its own words.
      const words = resendMessages(result.item.channel);
      switch (result.outcome) {
        case 'sent':
          throw apiError('EMAIL_ALREADY_SENT', words.alreadySent);
        case 'already-queued':
          // A second click, or a message not tried yet: nothing to change, and nothing queued twice.
          return { message: words.alreadyQueued, item: result.item };
        case 'queued':
          request.log.info(
            { outboxId: id, channel: result.item.channel, event: 'outbox_resend' },
            'message queued again by the admin',
          );
          return { message: words.queuedAgain, item: result.item };
      }
    },
  });

  // Held e-mails (docs/decisions/008 "Held"): queued while e-mail was not set up, sent or discarded only
  // when she says so, one at a time or all she has seen.
  const answer = (result: HeldResult, message: (count: number) => string) => {
    if (result.outcome !== 'done') {
      throw result.outcome === 'not-found'
        ? notFound('EMAIL_NOT_FOUND', OUTBOX_MESSAGES.notFound)
        : apiError('EMAIL_NOT_HELD', HELD_MESSAGES.notHeld);
    }
    return { message: message(result.count), count: result.count };
  };
  const sentMessage = (count: number) => HELD_MESSAGES.sent(count, delivery === 'smtp');

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/outbox/held/send',
    access: 'admin',
    summary: 'Send the e-mails held while e-mail was not set up',
    description: 'Every held e-mail (up to `upToId`, the newest she saw, when given) is sent at the next poll.',
    body: heldAllInputSchema,
    response: { 200: heldAnswerSchema },
    async handler({ body }, request) {
      const result = await outbox.sendHeld({ upToId: body?.upToId });
      request.log.info({ event: 'outbox_held_send', ...result }, 'held e-mails released by the admin');
      return answer(result, sentMessage);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/outbox/held/discard',
    access: 'admin',
    summary: 'Discard the e-mails held while e-mail was not set up',
    description: 'Every held e-mail (up to `upToId` when given) leaves the outbox unsent; its .eml copy stays.',
    body: heldAllInputSchema,
    response: { 200: heldAnswerSchema },
    async handler({ body }, request) {
      const result = await outbox.discardHeld({ upToId: body?.upToId });
      request.log.info({ event: 'outbox_held_discard', ...result }, 'held e-mails discarded by the admin');
      return answer(result, HELD_MESSAGES.discarded);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/outbox/:id/send',
    access: 'admin',
    summary: 'Send one held e-mail',
    params: idParams,
    response: { 200: heldAnswerSchema },
    errors: ['EMAIL_NOT_FOUND', 'EMAIL_NOT_HELD'],
    async handler({ params: { id } }, request) {
      const result = await outbox.sendHeld({ id });
      request.log.info({ event: 'outbox_held_send', outboxId: id, ...result }, 'held e-mail released by the admin');
      return answer(result, sentMessage);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/outbox/:id/discard',
    access: 'admin',
    summary: 'Discard one held e-mail',
    params: idParams,
    response: { 200: heldAnswerSchema },
    errors: ['EMAIL_NOT_FOUND', 'EMAIL_NOT_HELD'],
    async handler({ params: { id } }, request) {
      const result = await outbox.discardHeld({ id });
      request.log.info({ event: 'outbox_held_discard', outboxId: id, ...result }, 'held e-mail discarded by the admin');
      return answer(result, HELD_MESSAGES.discarded);
    },
  });
}
