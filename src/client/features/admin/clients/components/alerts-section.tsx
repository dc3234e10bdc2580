/**
 * The client page's Alerts (docs/product.md §12): the list, each with Remove (asked first), and a
 * form to add one (at most 200 characters, with a counter; at most 20 per client).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, Loader2, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CLIENT_ALERT_MAX,
  CLIENT_ALERTS_MAX,
  clientAlertInputSchema,
  type ClientAlert,
  type ClientDetail,
} from '@shared/schemas/client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorCode } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { serverMessage } from '../../shared/action-errors';
import { ConfirmFooter } from '../../shared/components/confirm-footer';
import { useAddClientAlert } from '../api/add-client-alert';
import { useRemoveClientAlert } from '../api/remove-client-alert';
import { ALERT_TEXTS as T, TOASTS } from '../texts';
import { ClientSection } from './client-sections';

export function AlertsSection({ client }: { client: ClientDetail }) {
  const [removing, setRemoving] = useState<ClientAlert | null>(null);
  const full = client.alerts.length >= CLIENT_ALERTS_MAX;

  return (
    <ClientSection id="client-alerts" title={T.heading}>
      <p className="mb-3 text-sm text-muted-foreground">{T.hint}</p>
      {client.alerts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.none}</p>
      ) : (
        <ul aria-label={T.heading} className="divide-y rounded-md border">
          {client.alerts.map((alert) => (
            <li key={alert.id} className="flex items-start gap-2 p-2 pl-3 text-sm">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
              <p className="min-w-0 flex-1 py-0.5 break-words">{alert.text}</p>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={T.remove(alert.text)}
                onClick={() => setRemoving(alert)}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        {full ? (
          <p className="text-sm text-muted-foreground">{T.full(CLIENT_ALERTS_MAX)}</p>
        ) : (
          <AddAlertForm clientId={client.id} />
        )}
      </div>
      <RemoveAlertDialog clientId={client.id} alert={removing} onClose={() => setRemoving(null)} />
    </ClientSection>
  );
}

type AlertInput = z.input<typeof clientAlertInputSchema>;
type AlertValues = z.output<typeof clientAlertInputSchema>;

function AddAlertForm({ clientId }: { clientId: number }) {
  const id = useId();
  const add = useAddClientAlert();
  const form = useForm<AlertInput, unknown, AlertValues>({
    resolver: zodResolver(clientAlertInputSchema),
    defaultValues: { text: '' },
  });
  const { errors } = form.formState;
  const length = (form.watch('text') ?? '').length;
  const over = length > CLIENT_ALERT_MAX;
  const busy = add.isPending;

  const submit = form.handleSubmit(({ text }) =>
    add.mutate(
      { clientId, text },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: TOASTS.alertAdded });
          form.reset({ text: '' });
        },
        onError: (error) => {
          if (errorCode(error) === 'UNAUTHENTICATED') return;
          const fieldError =
            error instanceof ApiError ? error.fieldErrors.find((e) => e.path.endsWith('text')) : undefined;
          if (fieldError) form.setError('text', { message: fieldError.message }, { shouldFocus: true });
          else
            toast({
              title: 'Error',
              description: serverMessage(error) ?? TOASTS.alertAddFailed,
              variant: 'destructive',
            });
        },
      },
    ),
  );

  const describedBy = [`${id}-count`, errors.text && `${id}-error`].filter(Boolean).join(' ');
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-2" aria-label={T.add}>
      <Label htmlFor={`${id}-text`}>{T.label}</Label>
      <Textarea
        id={`${id}-text`}
        rows={2}
        placeholder={T.placeholder}
        disabled={busy}
        aria-invalid={errors.text || over ? true : undefined}
        aria-describedby={describedBy}
        className="aria-[invalid=true]:border-destructive"
        {...form.register('text')}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <FieldError id={`${id}-error`} message={errors.text?.message} />
        <p
          id={`${id}-count`}
          className={cn(
            'ml-auto text-xs tabular-nums',
            over ? 'font-medium text-destructive' : 'text-muted-foreground',
          )}
        >
          {length}/{CLIENT_ALERT_MAX}
          <span className="sr-only"> characters</span>
        </p>
      </div>
      <Button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {busy ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden /> : <Plus aria-hidden />}
        {busy ? T.adding : T.add}
      </Button>
    </form>
  );
}

interface RemoveAlertDialogProps {
  clientId: number;
  /** The alert to remove; null when closed. */
  alert: ClientAlert | null;
  onClose: () => void;
}

function RemoveAlertDialog({ clientId, alert, onClose }: RemoveAlertDialogProps) {
  const remove = useRemoveClientAlert();
  const confirm = () => {
    if (!alert) return;
    remove.mutate(
      { clientId, alertId: alert.id },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: TOASTS.alertRemoved });
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessage(error) ?? TOASTS.alertRemoveFailed,
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open={alert !== null} onOpenChange={(next) => !next && !remove.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{T.removeTitle}</DialogTitle>
          <DialogDescription>This alert will no longer show with their bookings.</DialogDescription>
        </DialogHeader>
        {alert && <p className="rounded-md border bg-muted/40 p-3 text-sm break-words">{alert.text}</p>}
        <ConfirmFooter
          pending={remove.isPending}
          backLabel={T.cancel}
          confirmLabel={remove.isPending ? T.removing : T.removeConfirm}
          onBack={onClose}
          onConfirm={confirm}
          destructive
        />
      </DialogContent>
    </Dialog>
  );
}
