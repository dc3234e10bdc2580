/**
 * Visit outcomes and treatment notes as stored (docs/product.md §14). A note's four parts
 * are one JSON value sealed with the server's key (secret-box.ts), each amendment likewise; they are
 * opened only for an answer and never logged.
 */
import { asc, eq } from 'drizzle-orm';
import type { VisitOutcome } from '@shared/constants';
import { formatShortDate } from '@shared/time';
import type { VisitNote, VisitNoteParts } from '@shared/schemas/visit-notes';
import type { DbOrTx } from '../../db/client';
import { bookings, visitNoteAmendments, visitNotes } from '../../db/schema';
import { apiError, notFound } from '../../http/errors';
import type { SecretBox } from '../../secret-box';
import { editableUntil } from './rules';

type BookingRow = typeof bookings.$inferSelect;
type NoteRow = typeof visitNotes.$inferSelect;

export const NOTE_NOT_FOUND = 'This visit has no notes yet';
export const NOTE_EXISTS = 'This visit has notes already: edit them or add an amendment';
/** Shown for a note sealed with another key (SECRET_KEY changed): the page still opens. */
export const UNREADABLE_NOTE = '(This note cannot be read: the server’s secret key has changed)';

const EMPTY_PARTS: VisitNoteParts = { subjective: '', objective: '', treatment: '', plan: '' };

/** 'the visit on 3 Mar 2025': how the access log names a visit, never with its content. */
export const visitLabel = (date: string): string => `the visit on ${formatShortDate(date).replace(/^0/, '')}`;

export function createVisitNotesRepository(db: DbOrTx, box: SecretBox) {
  const sealParts = (parts: VisitNoteParts) => box.seal(JSON.stringify(parts));

  function openParts(sealed: string): VisitNoteParts {
    try {
      const value = JSON.parse(box.open(sealed)) as Partial<VisitNoteParts>;
      return {
        subjective: String(value.subjective ?? ''),
        objective: String(value.objective ?? ''),
        treatment: String(value.treatment ?? ''),
        plan: String(value.plan ?? ''),
      };
    } catch {
      return { ...EMPTY_PARTS, subjective: UNREADABLE_NOTE };
    }
  }

  function openText(sealed: string): string {
    try {
      const { text } = JSON.parse(box.open(sealed)) as { text?: unknown };
      return typeof text === 'string' ? text : '';
    } catch {
      return UNREADABLE_NOTE;
    }
  }

  async function noteRow(tx: DbOrTx, bookingId: number, lock = false): Promise<NoteRow | null> {
    const query = tx.select().from(visitNotes).where(eq(visitNotes.bookingId, bookingId));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async function toNote(tx: DbOrTx, row: NoteRow): Promise<VisitNote> {
    const amendments = await tx
      .select()
      .from(visitNoteAmendments)
      .where(eq(visitNoteAmendments.noteId, row.id))
      .orderBy(asc(visitNoteAmendments.createdAt), asc(visitNoteAmendments.id));
    return {
      id: row.id,
      bookingId: row.bookingId,
      parts: openParts(row.bodyEncrypted),
      author: row.author,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      editableUntil: editableUntil(row.createdAt).toISOString(),
      amendments: amendments.map((a) => ({
        id: a.id,
        text: openText(a.bodyEncrypted),
        createdAt: a.createdAt.toISOString(),
        author: a.author,
      })),
    };
  }

  return {
    /** The booking, locked until the caller's transaction ends when `lock`; null when there is none. */
    async booking(tx: DbOrTx, id: number, lock: boolean): Promise<BookingRow | null> {
      const query = tx.select().from(bookings).where(eq(bookings.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async setOutcome(tx: DbOrTx, id: number, outcome: VisitOutcome | null, now: Date) {
      const [row] = await tx
        .update(bookings)
        .set({ outcome, outcomeAt: outcome === null ? null : now })
        .where(eq(bookings.id, id))
        .returning({ id: bookings.id, outcome: bookings.outcome, outcomeAt: bookings.outcomeAt });
      return { id: row!.id, outcome: row!.outcome, outcomeAt: row!.outcomeAt ? row!.outcomeAt.toISOString() : null };
    },

    hasNote: async (tx: DbOrTx, bookingId: number) => (await noteRow(tx, bookingId)) !== null,

    /** The visit's note with its amendments, opened; null when she has written none. */
    async find(tx: DbOrTx, bookingId: number): Promise<VisitNote | null> {
      const row = await noteRow(tx, bookingId);
      return row ? toNote(tx, row) : null;
    },

    /** The note's row, locked until the caller's transaction ends; 404 when there is none. */
    async lockNote(tx: DbOrTx, bookingId: number): Promise<NoteRow> {
      const row = await noteRow(tx, bookingId, true);
      if (!row) throw notFound('NOTE_NOT_FOUND', NOTE_NOT_FOUND);
      return row;
    },

    async create(tx: DbOrTx, booking: BookingRow, parts: VisitNoteParts, author: string, now: Date) {
      if (booking.clientId === null) throw apiError('CONFLICT', 'The booking is not linked to a client yet');
      const [row] = await tx
        .insert(visitNotes)
        .values({
          bookingId: booking.id,
          clientId: booking.clientId,
          bodyEncrypted: sealParts(parts),
          author: author.slice(0, 100),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: visitNotes.bookingId })
        .returning();
      if (!row) throw apiError('NOTE_EXISTS', NOTE_EXISTS);
      return toNote(tx, row);
    },

    async edit(tx: DbOrTx, note: NoteRow, parts: VisitNoteParts, now: Date): Promise<VisitNote> {
      const [row] = await tx
        .update(visitNotes)
        .set({ bodyEncrypted: sealParts(parts), updatedAt: now })
        .where(eq(visitNotes.id, note.id))
        .returning();
      return toNote(tx, row!);
    },

    async amend(tx: DbOrTx, note: NoteRow, text: string, author: string, now: Date): Promise<VisitNote> {
      await tx.insert(visitNoteAmendments).values({
        noteId: note.id,
        bodyEncrypted: box.seal(JSON.stringify({ text })),
        author: author.slice(0, 100),
        createdAt: now,
      });
      return toNote(tx, note);
    },
  };
}
export type VisitNotesRepository = ReturnType<typeof createVisitNotesRepository>;
