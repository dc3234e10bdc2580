/**
 * A visit's treatment notes (docs/product.md §14): the SOAP form when none is written,
 * then the note read-only with 'Edit' for 24 hours and 'Add amendment' after; amendments listed with
 * their time. Opening it reads the note, which the server writes to the client's access log. Text is
 * shown as text, never as markup.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, NotebookPen } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  VISIT_NOTE_PARTS,
  visitNoteAmendmentInputSchema,
  visitNoteInputSchema,
  type VisitNote,
  type VisitNoteAmendmentInput,
  type VisitNoteInput,
  type VisitNoteParts,
} from '@shared/schemas/visit-notes';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { LabelledField } from '@/components/ui/labelled-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { serverMessage } from '../action-errors';
import { useAmendVisitNote } from '../api/amend-visit-note';
import { useEditVisitNote } from '../api/edit-visit-note';
import { useVisitNote } from '../api/get-visit-note';
import { useWriteVisitNote } from '../api/write-visit-note';
import { useNow } from '../use-now';
import { canEditNote, editableText, noteTimeText } from '../visit-notes-view';

interface VisitNotesDialogProps {
  bookingId: number;
  /** 'Notes of Thu 3 Dec 2026, 2:30 PM': which visit, for the title. */
  visitLabel: string;
  /** Whether a note can be written (a started, confirmed visit that is not a no-show). */
  canWrite: boolean;
  hasNote: boolean;
}

export function VisitNotesDialog({ bookingId, visitLabel, canWrite, hasNote }: VisitNotesDialogProps) {
  const [open, setOpen] = useState(false);
  if (!hasNote && !canWrite) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <NotebookPen aria-hidden />
          {hasNote ? 'Notes' : 'Write notes'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>Treatment notes</DialogTitle>
          <DialogDescription>{visitLabel}</DialogDescription>
        </DialogHeader>
        {open && <NotesBody bookingId={bookingId} canWrite={canWrite} />}
      </DialogContent>
    </Dialog>
  );
}

/** Which visit's notes a shared dialog shows (VisitNotesDialogFor). */
export interface VisitNotesTarget {
  bookingId: number;
  visitLabel: string;
  canWrite: boolean;
}

/**
 * One notes dialog for a long list of visits (the client page, up to hundreds of rows): each row has a plain button
 * that sets `target`, and only this dialog exists, not one per row. Same content as VisitNotesDialog.
 */
export function VisitNotesDialogFor({ target, onClose }: { target: VisitNotesTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto p-4 sm:p-6">
          <DialogHeader>
            <DialogTitle>Treatment notes</DialogTitle>
            <DialogDescription>{target.visitLabel}</DialogDescription>
          </DialogHeader>
          <NotesBody key={target.bookingId} bookingId={target.bookingId} canWrite={target.canWrite} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function NotesBody({ bookingId, canWrite }: { bookingId: number; canWrite: boolean }) {
  const query = useVisitNote(bookingId, true);
  const [editing, setEditing] = useState(false);
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading notes…
      </p>
    );
  }
  if (query.isError) return <p className="text-sm text-destructive">The notes could not be loaded.</p>;
  const note = query.data;
  if (!note) {
    return canWrite ? (
      <NoteForm bookingId={bookingId} onDone={() => undefined} />
    ) : (
      <p className="text-sm text-muted-foreground">No notes were written for this visit.</p>
    );
  }
  if (editing) return <NoteForm bookingId={bookingId} note={note} onDone={() => setEditing(false)} />;
  return <NoteView note={note} onEdit={() => setEditing(true)} />;
}

function failureToast(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.status === 401) return;
  toast({ title: 'Error', description: serverMessage(error) ?? fallback, variant: 'destructive' });
}

function NoteForm({ bookingId, note, onDone }: { bookingId: number; note?: VisitNote; onDone: () => void }) {
  const write = useWriteVisitNote();
  const edit = useEditVisitNote();
  const busy = write.isPending || edit.isPending;
  const form = useForm<VisitNoteInput, unknown, VisitNoteParts>({
    resolver: zodResolver(visitNoteInputSchema),
    defaultValues: note?.parts ?? { subjective: '', objective: '', treatment: '', plan: '' },
  });
  const { errors } = form.formState;
  // mutateAsync, not mutate's callbacks: a first note lands in the cache and this form unmounts
  // (the note shows instead) before mutate's onSuccess would run, and TanStack Query then skips it.
  const submit = form.handleSubmit(async (parts) => {
    const mutation = note ? edit : write;
    try {
      await mutation.mutateAsync({ bookingId, parts });
    } catch (error) {
      failureToast(error, 'The notes could not be saved');
      return;
    }
    toast({ title: 'Success', description: note ? 'Notes changed' : 'Notes saved' });
    onDone();
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      {VISIT_NOTE_PARTS.map(({ key, label }) => (
        <LabelledField key={key} label={label} error={errors[key]?.message}>
          {(control) => <Textarea {...control} rows={3} disabled={busy} {...form.register(key)} />}
        </LabelledField>
      ))}
      <div className="flex justify-end gap-2">
        {note && (
          <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          Save notes
        </Button>
      </div>
    </form>
  );
}

function NoteView({ note, onEdit }: { note: VisitNote; onEdit: () => void }) {
  const now = useNow();
  const editable = canEditNote(note.editableUntil, now);
  const until = editableText(note.editableUntil, now);
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3">
        {VISIT_NOTE_PARTS.map(({ key, label }) => (
          <div key={key}>
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd className="whitespace-pre-wrap break-words">{note.parts[key] || '—'}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        Written {noteTimeText(note.createdAt)}
        {note.updatedAt !== note.createdAt && ` · changed ${noteTimeText(note.updatedAt)}`}
      </p>
      {note.amendments.length > 0 && (
        <section aria-label="Amendments" className="grid gap-2 border-t pt-3">
          <h3 className="text-sm font-semibold">Amendments</h3>
          <ol className="grid gap-2">
            {note.amendments.map((a) => (
              <li key={a.id} className="rounded-md border p-2">
                <p className="text-xs text-muted-foreground">{noteTimeText(a.createdAt)}</p>
                <p className="whitespace-pre-wrap break-words">{a.text}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
      {editable ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm text-muted-foreground">{until}</span>
          <Button type="button" variant="outline" onClick={onEdit}>
            Edit
          </Button>
        </div>
      ) : (
        <AmendmentForm bookingId={note.bookingId} />
      )}
    </div>
  );
}

function AmendmentForm({ bookingId }: { bookingId: number }) {
  const amend = useAmendVisitNote();
  const form = useForm<VisitNoteAmendmentInput>({
    resolver: zodResolver(visitNoteAmendmentInputSchema),
    defaultValues: { text: '' },
  });
  const submit = form.handleSubmit(({ text }) =>
    amend.mutate(
      { bookingId, text },
      {
        onSuccess: () => {
          form.reset({ text: '' });
          toast({ title: 'Success', description: 'Amendment added' });
        },
        onError: (error) => failureToast(error, 'The amendment could not be added'),
      },
    ),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-2 border-t pt-3">
      <LabelledField label="Add amendment" error={form.formState.errors.text?.message}>
        {(control) => <Textarea {...control} rows={2} disabled={amend.isPending} {...form.register('text')} />}
      </LabelledField>
      <p className="text-xs text-muted-foreground">Notes can be changed for 24 hours; add an amendment instead.</p>
      <div className="flex justify-end">
        <Button type="submit" disabled={amend.isPending}>
          {amend.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Add amendment
        </Button>
      </div>
    </form>
  );
}
