/**
 * Receipts (docs/product.md §18.3, docs/api.md "Receipts"). Admin only (`access: 'admin'`): a receipt
 * carries a client's name and what she paid. Logs carry numbers and ids, never names or amounts' owners.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  receiptIssuedSchema,
  receiptNumberParams,
  receiptPdfPath,
  receiptRequestSchema,
  receiptSummarySchema,
} from '@shared/schemas/receipts';
import { notFound } from '../../http/errors';
import { defineRoute, idParams } from '../../http/route';
import { BOOKING_NOT_FOUND } from '../bookings/booking-service';
import { currentLogoPng } from '../logo/service';
import { emailContext } from '../mail/email-kinds';
import { receiptFilename } from './emails';
import { renderReceiptPdf } from './render-pdf';
import { findReceipt, receiptBooking } from './repository';
import { issueReceipt, RECEIPT_NOT_FOUND, resendReceipt } from './service';
import { receiptSummaries } from './summaries';

export async function receiptsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = emailContext(app.config);

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/bookings/:id/receipt',
    access: 'admin',
    summary: 'Issue a receipt (or credit note) for a visit and e-mail it to the client',
    description:
      'No body: a receipt of what was paid (a tax invoice when a GST number is set). `{ "replaces": 12 }`: a corrected receipt, a new number that names the one it replaces. `{ "kind": "credit-note" }`: a credit note for money refunded since the last one, relating to the latest receipt. Numbers are consecutive with no gaps. The e-mail, with the PDF attached, goes through the outbox in the same transaction.',
    params: idParams,
    body: receiptRequestSchema,
    response: { 201: receiptIssuedSchema },
    errors: [
      'BOOKING_NOT_FOUND',
      'BOOKING_ERASED',
      'RECEIPT_NOT_ALLOWED',
      'RECEIPT_NOTHING_PAID',
      'RECEIPT_REPLACES_INVALID',
      'RECEIPT_NOTHING_TO_CREDIT',
    ],
    async handler({ params: { id }, body }, request, reply) {
      const content = await issueReceipt(app.db, id, body, ctx);
      request.log.info(
        { event: 'receipt_issued', bookingId: id, number: content.number, kind: content.kind },
        'receipt issued',
      );
      reply.code(201);
      return { number: content.number, url: receiptPdfPath(content.number) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/bookings/:id/receipts',
    access: 'admin',
    summary: "A visit's receipts and credit notes, oldest first",
    params: idParams,
    response: { 200: z.array(receiptSummarySchema) },
    errors: ['BOOKING_NOT_FOUND'],
    async handler({ params: { id } }) {
      if (!(await receiptBooking(app.db, id, false))) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
      return receiptSummaries(app.db, id);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/receipts/:number.pdf',
    access: 'admin',
    summary: 'A receipt as PDF, as it was issued',
    description: 'Re-drawn from what was printed when it was issued (a later change to the visit does not alter it).',
    params: receiptNumberParams,
    produces: 'application/pdf',
    errors: ['RECEIPT_NOT_FOUND'],
    async handler({ params: { number } }, _request, reply) {
      const receipt = await findReceipt(app.db, number);
      if (!receipt) throw notFound('RECEIPT_NOT_FOUND', RECEIPT_NOT_FOUND);
      const pdf = await renderReceiptPdf(receipt.content, await currentLogoPng(app.db, app.config.logo));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${receiptFilename(number)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/receipts/:number/send',
    access: 'admin',
    summary: 'E-mail a receipt to the client again (same number)',
    params: receiptNumberParams,
    response: { 202: receiptIssuedSchema },
    errors: ['RECEIPT_NOT_FOUND', 'BOOKING_ERASED'],
    async handler({ params: { number } }, request, reply) {
      await resendReceipt(app.db, number, ctx);
      request.log.info({ event: 'receipt_resent', number }, 'receipt re-sent');
      reply.code(202);
      return { number, url: receiptPdfPath(number) };
    },
  });
}
