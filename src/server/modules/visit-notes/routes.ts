/**
 * Visits happen (docs/product.md §14): her mark on a visit (completed or no-show) and her
 * treatment notes. Admin only (`access: 'admin'`). Every read of a note and every write is in the
 * client's access log; the notes' text is never logged.
 */
import type { FastifyInstance } from 'fastify';
import {
  visitNoteAmendmentInputSchema,
  visitNoteInputSchema,
  visitNoteSchema,
  visitOutcomeAnswerSchema,
  visitOutcomeSchema,
} from '@shared/schemas/visit-notes';
import type { DbOrTx } from '../../db/client';
import { apiError, notFound } from '../../http/errors';
import { defineRoute, idParams } from '../../http/route';
import { recordAccess, type AccessAction } from '../clients/access-log';
import { BOOKING_NOT_FOUND } from '../bookings/booking-service';
import { actorOf } from '../clients/routes';
import { createVisitNotesRepository, visitLabel } from './repository';
import { canEditNote, NOTE_LOCKED, noteRefusal, outcomeRefusal, type Refusal } from './rules';

const refuse = (refusal: Refusal | null) => {
  if (refusal) throw apiError(refusal.code, refusal.message);
};

export async function visitNotesRoutes(app: FastifyInstance): Promise<void> {
  const repo = createVisitNotesRepository(app.db, app.secretBox);

  async function bookingOf(tx: DbOrTx, id: number, lock = true) {
    const row = await repo.booking(tx, id, lock);
    if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    return row;
  }

  /** One access-log line for the booking's client (a booking not linked yet has no log). */
  async function logAccess(
    tx: DbOrTx,
    booking: { clientId: number | null; date: string },
    actor: string,
    action: AccessAction,
    what: string,
  ): Promise<void> {
    if (booking.clientId === null) return;
    await recordAccess(tx, {
      clientId: booking.clientId,
      actor,
      action,
      detail: `${what} ${visitLabel(booking.date)}`,
    });
  }

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/bookings/:id/outcome',
    access: 'admin',
    summary: 'Mark a visit completed or no-show',
    description:
      'Only a confirmed booking whose start has passed; the status stays `confirmed`. The mark can be changed, and `null` clears it. A no-show counts on the client and is not a visit; a visit with notes cannot be a no-show.',
    params: idParams,
    body: visitOutcomeSchema,
    response: { 200: visitOutcomeAnswerSchema },
    errors: ['BOOKING_NOT_FOUND', 'VISIT_NOT_CONFIRMED', 'VISIT_NOT_STARTED', 'NOTE_EXISTS'],
    async handler({ params: { id }, body }, request) {
      const now = new Date();
      const answer = await app.db.transaction(async (tx) => {
        const booking = await bookingOf(tx, id);
        refuse(outcomeRefusal(booking, now));
        if (body.outcome === 'no-show' && (await repo.hasNote(tx, id))) {
          throw apiError('NOTE_EXISTS', 'This visit has notes, so it cannot be a no-show');
        }
        return repo.setOutcome(tx, id, body.outcome, now);
      });
      request.log.info({ event: 'visit_outcome', bookingId: id, outcome: answer.outcome }, 'visit outcome marked');
      return answer;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/bookings/:id/notes',
    access: 'admin',
    summary: "A visit's treatment notes with their amendments, or null",
    description: "Reading a note is written to the client's access log.",
    params: idParams,
    response: { 200: visitNoteSchema.nullable() },
    errors: ['BOOKING_NOT_FOUND'],
    async handler({ params: { id } }, request) {
      return app.db.transaction(async (tx) => {
        const booking = await bookingOf(tx, id, false);
        const note = await repo.find(tx, id);
        if (note) await logAccess(tx, booking, actorOf(request), 'notes:read', 'Notes of');
        return note;
      });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/bookings/:id/notes',
    access: 'admin',
    summary: "Write a visit's treatment notes",
    description:
      'Only for a confirmed booking whose start has passed and that is not marked no-show; one note per visit. At least one of the four parts; each at most 4000 characters. Stored encrypted; editable for 24 hours, then only amended.',
    params: idParams,
    body: visitNoteInputSchema,
    response: { 201: visitNoteSchema },
    errors: [
      'BOOKING_NOT_FOUND',
      'VISIT_NOT_CONFIRMED',
      'VISIT_NOT_STARTED',
      'VISIT_NO_SHOW',
      'NOTE_EXISTS',
      'BOOKING_ERASED',
    ],
    async handler({ params: { id }, body }, request, reply) {
      const now = new Date();
      const actor = actorOf(request);
      const note = await app.db.transaction(async (tx) => {
        const booking = await bookingOf(tx, id);
        refuse(noteRefusal(booking, now));
        const created = await repo.create(tx, booking, body, actor, now);
        await logAccess(tx, booking, actor, 'notes:write', 'Wrote the notes of');
        return created;
      });
      request.log.info({ event: 'visit_note_written', bookingId: id, noteId: note.id }, 'visit note written');
      reply.code(201);
      return note;
    },
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/admin/bookings/:id/notes',
    access: 'admin',
    summary: "Change a visit's treatment notes (within 24 hours of writing them)",
    description:
      'The whole note (the four parts) replaces the old one. After 24 hours: 409 `NOTE_LOCKED`, amend instead.',
    params: idParams,
    body: visitNoteInputSchema,
    response: { 200: visitNoteSchema },
    errors: ['BOOKING_NOT_FOUND', 'NOTE_NOT_FOUND', 'NOTE_LOCKED'],
    async handler({ params: { id }, body }, request) {
      const now = new Date();
      const note = await app.db.transaction(async (tx) => {
        const booking = await bookingOf(tx, id);
        const row = await repo.lockNote(tx, id);
        if (!canEditNote(row.createdAt, now)) throw apiError('NOTE_LOCKED', NOTE_LOCKED);
        const edited = await repo.edit(tx, row, body, now);
        await logAccess(tx, booking, actorOf(request), 'notes:write', 'Changed the notes of');
        return edited;
      });
      request.log.info({ event: 'visit_note_changed', bookingId: id, noteId: note.id }, 'visit note changed');
      return note;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/bookings/:id/notes/amendments',
    access: 'admin',
    summary: "Add an amendment to a visit's treatment notes",
    description: 'Any time after the note was written; kept with its time and author, never changed. Stored encrypted.',
    params: idParams,
    body: visitNoteAmendmentInputSchema,
    response: { 201: visitNoteSchema },
    returns: 'The note with every amendment, oldest first',
    errors: ['BOOKING_NOT_FOUND', 'NOTE_NOT_FOUND'],
    async handler({ params: { id }, body }, request, reply) {
      const now = new Date();
      const actor = actorOf(request);
      const note = await app.db.transaction(async (tx) => {
        const booking = await bookingOf(tx, id);
        const row = await repo.lockNote(tx, id);
        const amended = await repo.amend(tx, row, body.text, actor, now);
        await logAccess(tx, booking, actor, 'notes:write', 'Amended the notes of');
        return amended;
      });
      request.log.info({ event: 'visit_note_amended', bookingId: id, noteId: note.id }, 'visit note amended');
      reply.code(201);
      return note;
    },
  });
}
