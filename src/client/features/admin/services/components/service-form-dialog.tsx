/**
 * 'Add New Service' and the Edit dialog (docs/product.md §2, §5): name, description and the
 * duration options, checked with the server's own schema before sending. Success and failure
 * toasts as in §8; the dialog stays open (and keeps her input) when saving fails.
 */
import { Loader2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import type { Service } from '@shared/schemas/service';
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
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { trackEvent } from '@/lib/analytics';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { useCreateService } from '../api/create-service';
import { useUpdateService } from '../api/update-service';
import {
  checkDraft,
  draftFromService,
  type DraftErrors,
  type ServiceDraft,
  type ServicePayload,
} from '../service-form';
import { TEXTS, TOASTS } from '../texts';
import { DepositFields } from './deposit-fields';
import { DurationOptionFields } from './duration-option-fields';

interface ServiceFormDialogProps {
  /** The service to edit; absent for 'Add New Service'. */
  service?: Service;
  /** The button that opens the dialog (focus returns to it). */
  children: ReactElement;
}

export function ServiceFormDialog({ service, children }: ServiceFormDialogProps) {
  const [open, setOpen] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const create = useCreateService();
  const update = useUpdateService();
  const busy = create.isPending || update.isPending;

  const onError = (fallback: string) => (error: unknown) => {
    if (error instanceof ApiError)
      setServerErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.path, e.message])));
    toast({ title: 'Error', description: serverMessage(error) ?? fallback, variant: 'destructive' });
  };
  const onSaved = (description: string) => {
    toast({ title: 'Success', description });
    setOpen(false);
  };

  const save = (payload: ServicePayload) => {
    setServerErrors({});
    if (service) {
      update.mutate(
        { id: service.id, payload },
        {
          onSuccess: () => {
            trackEvent('service_updated', { serviceId: service.id });
            onSaved(TOASTS.updated);
          },
          onError: onError(TOASTS.updateFailed),
        },
      );
    } else {
      create.mutate(payload, {
        onSuccess: (created) => {
          trackEvent('service_added', { serviceId: created.id });
          onSaved(TOASTS.added);
        },
        onError: onError(TOASTS.addFailed),
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setServerErrors({});
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="max-w-xl p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{service ? TEXTS.editTitle : TEXTS.addTitle}</DialogTitle>
          <DialogDescription>{service ? TEXTS.editDescription : TEXTS.addDescription}</DialogDescription>
        </DialogHeader>
        <ServiceForm
          initial={draftFromService(service)}
          submitLabel={service ? 'Save Changes' : TEXTS.add}
          busy={busy}
          serverErrors={serverErrors}
          onSubmit={save}
        />
      </DialogContent>
    </Dialog>
  );
}

interface ServiceFormProps {
  initial: ServiceDraft;
  submitLabel: string;
  busy: boolean;
  serverErrors: DraftErrors;
  onSubmit: (payload: ServicePayload) => void;
}

/** Mounted while the dialog is open, so each opening starts from the service's current values. */
function ServiceForm({ initial, submitLabel, busy, serverErrors, onSubmit }: ServiceFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(initial);
  const [checked, setChecked] = useState<DraftErrors>({});
  const errors = { ...serverErrors, ...checked };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkDraft(draft);
    if (result.errors) {
      setChecked(result.errors);
      // Take her to the first field to fix once the messages are on screen.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setChecked({});
    onSubmit(result.payload);
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-5">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>Service Name</Label>
        <Input
          id={`${id}-name`}
          value={draft.name}
          autoComplete="off"
          disabled={busy}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={draft.description}
          rows={3}
          className="aria-[invalid=true]:border-destructive"
          disabled={busy}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        />
        <FieldError id={`${id}-description-error`} message={errors.description} />
      </div>
      <DurationOptionFields
        idPrefix={id}
        options={draft.options}
        errors={errors}
        disabled={busy}
        onChange={(options) => setDraft({ ...draft, options })}
      />
      <DepositFields
        idPrefix={id}
        deposit={draft.deposit}
        errors={errors}
        disabled={busy}
        onChange={(deposit) => setDraft({ ...draft, deposit })}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
