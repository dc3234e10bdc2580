/**
 * 'Edit' of the client's contact details: first and last name, e-mail and phone, checked with the
 * server's own schema (the booking form's messages); only what she changed is sent. A 409 (the
 * e-mail or phone is another client's) is said in the form; the dialog keeps her input.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, Loader2, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { clientPatchSchema, type ClientDetail, type ClientPatch } from '@shared/schemas/client';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { ApiError, errorCode } from '@/lib/api';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { useUpdateClient } from '../api/update-client';
import { changedContact, contactField, contactValues } from '../contact-form';
import { CONTACT_TEXTS as T, TOASTS } from '../texts';

type FormInput = z.input<typeof clientPatchSchema>;

export function EditContactDialog({ client }: { client: ClientDetail }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateClient();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (update.isPending) return;
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Pencil aria-hidden />
          {T.edit}
          <span className="sr-only"> contact details</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{T.editTitle}</DialogTitle>
          <DialogDescription>{T.editDescription}</DialogDescription>
        </DialogHeader>
        {open && <ContactForm client={client} update={update} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

interface ContactFormProps {
  client: ClientDetail;
  update: ReturnType<typeof useUpdateClient>;
  onDone: () => void;
}

/** Mounted while the dialog is open, so each opening starts from the client's current details. */
function ContactForm({ client, update, onDone }: ContactFormProps) {
  const initial = contactValues(client);
  const [failure, setFailure] = useState<string | null>(null);
  // Every field is filled in, so the schema's output (the trimmed values) has all four.
  const form = useForm<FormInput, unknown, ClientPatch>({
    resolver: zodResolver(clientPatchSchema),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const busy = update.isPending;

  const showServerError = (error: unknown) => {
    if (errorCode(error) === 'UNAUTHENTICATED') return;
    if (error instanceof ApiError && error.status === 409) {
      setFailure(serverMessage(error) ?? TOASTS.contactTaken);
      return;
    }
    let placed = false;
    if (error instanceof ApiError) {
      for (const { path, message } of error.fieldErrors) {
        const field = contactField(path);
        if (field) {
          form.setError(field, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
    }
    if (!placed) {
      toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.updateFailed, variant: 'destructive' });
    }
  };

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    const patch = changedContact(initial, values);
    if (Object.keys(patch).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { id: client.id, patch },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: TOASTS.updated });
          onDone();
        },
        onError: showServerError,
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField label={T.firstName} error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="off" disabled={busy} {...form.register('firstName')} />}
        </LabelledField>
        <LabelledField label={T.lastName} error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="off" disabled={busy} {...form.register('lastName')} />}
        </LabelledField>
      </div>
      <LabelledField label={T.email} error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            disabled={busy}
            {...form.register('email')}
          />
        )}
      </LabelledField>
      <LabelledField label={T.phone} error={errors.phone?.message}>
        {(control) => (
          <Input
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            disabled={busy}
            {...form.register('phone')}
          />
        )}
      </LabelledField>
      {failure && (
        <p
          role="alert"
          className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-300" aria-hidden />
          {failure}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={busy}>
            {T.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
          {busy ? T.saving : T.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
