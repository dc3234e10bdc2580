/**
 * Visits happen (docs/product.md §14): the outcome she marks on a confirmed visit after its
 * start, and her treatment notes in a SOAP shape, editable for NOTE_EDIT_HOURS, then only amended.
 * The shapes of /api/admin/bookings/{id}/outcome and /notes, and the form rules her screens share.
 */
import { z } from 'zod';
import { multiLine } from './text';
import { LIMITS, VISIT_OUTCOMES } from '../constants';

/** A note can be changed for this long after it was written; after that only amended. */
export const NOTE_EDIT_HOURS = 24;

/** The four parts of a note, in her words, in the order she writes them. */
export const VISIT_NOTE_PARTS = [
  { key: 'subjective', label: 'What the client reported' },
  { key: 'objective', label: 'What I found' },
  { key: 'treatment', label: 'What I did' },
  { key: 'plan', label: 'Plan for next time' },
] as const;
export type VisitNotePart = (typeof VISIT_NOTE_PARTS)[number]['key'];

export const NOTE_EMPTY = 'Write at least one part of the note';

/** POST /api/admin/bookings/{id}/outcome: `null` clears a mark made by mistake. */
export const visitOutcomeSchema = z.object({
  outcome: z.enum(VISIT_OUTCOMES, { error: 'Choose Completed or No-show' }).nullable(),
});
export type VisitOutcomeInput = z.infer<typeof visitOutcomeSchema>;

/** The answer of POST …/outcome. */
export const visitOutcomeAnswerSchema = z.object({
  id: z.number().int(),
  outcome: z.enum(VISIT_OUTCOMES).nullable(),
  outcomeAt: z.string().nullable(),
});
export type VisitOutcomeAnswer = z.infer<typeof visitOutcomeAnswerSchema>;

const part = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(LIMITS.visitNoteMax, `${label} must be at most ${LIMITS.visitNoteMax} characters`)
    .refine(...multiLine)
    .default('');

/** POST (create) and PATCH (edit within NOTE_EDIT_HOURS) /api/admin/bookings/{id}/notes. */
export const visitNoteInputSchema = z
  .object({
    subjective: part('What the client reported'),
    objective: part('What I found'),
    treatment: part('What I did'),
    plan: part('Plan for next time'),
  })
  .refine((n) => VISIT_NOTE_PARTS.some(({ key }) => n[key] !== ''), { message: NOTE_EMPTY, path: ['subjective'] });
export type VisitNoteInput = z.input<typeof visitNoteInputSchema>;
export type VisitNoteParts = z.output<typeof visitNoteInputSchema>;

/** POST /api/admin/bookings/{id}/notes/amendments */
export const visitNoteAmendmentInputSchema = z.object({
  text: z
    .string({ error: 'Amendment text is required' })
    .trim()
    .min(1, 'Amendment text is required')
    .max(LIMITS.visitNoteMax, `Amendment must be at most ${LIMITS.visitNoteMax} characters`)
    .refine(...multiLine),
});
export type VisitNoteAmendmentInput = z.infer<typeof visitNoteAmendmentInputSchema>;

export const visitNoteAmendmentSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  author: z.string(),
});
export type VisitNoteAmendment = z.infer<typeof visitNoteAmendmentSchema>;

/** A visit's note as her screens get it (plain text: show it as text). */
export const visitNoteSchema = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    parts: z.object({
      subjective: z.string(),
      objective: z.string(),
      treatment: z.string(),
      plan: z.string(),
    }),
    author: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** ISO instant: after it the note can only be amended. */
    editableUntil: z.string(),
    /** Oldest first. */
    amendments: z.array(visitNoteAmendmentSchema),
  })
  .meta({ id: 'VisitNote' });
export type VisitNote = z.infer<typeof visitNoteSchema>;
