/**
 * 'Send email/reminder' for a confirmed appointment: either the standard 'Appointment Reminder'
 * (POST /api/admin/bookings/{id}/reminder) or her own words (POST /api/email/send). Both are
 * queued in the outbox; §8's toasts say so. After sending, this dialog closes back to the details.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing, Loader2, Send } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { emailSendSchema, type Booking } from '@shared/schemas/booking';
import { formatLongDate } from '@shared/time';
import { Button } from '@/components/ui/button';
import { LabelledField } from '@/components/ui/labelled-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { useSendEmail } from '../api/send-email';
import { useSendReminder } from '../api/send-reminder';
import { TEXTS, TOASTS } from '../texts';

const messageSchema = emailSendSchema.pick({ subject: true, message: true });
type MessageInput = z.input<typeof messageSchema>;
type MessageOutput = z.output<typeof messageSchema>;

interface SendEmailDialogProps {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function SendEmailDialog({ booking, open, onOpenChange }: SendEmailDialogProps) {
  const reminderTitle = useId();
  const reminder = useSendReminder();
  const email = useSendEmail();
  const busy = reminder.isPending || email.isPending;

  const sent = () => {
    toast(TOASTS.emailSent);
    onOpenChange(false);
  };
  const failed = (error: unknown) =>
    toast({ title: TOASTS.emailFailed, description: serverMessage(error), variant: 'destructive' });

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{TEXTS.sendEmail}</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            To {booking.firstName} {booking.lastName}, {booking.email}
          </DialogDescription>
        </DialogHeader>

        <section className="flex flex-col gap-3 rounded-md border bg-muted/40 p-4" aria-labelledby={reminderTitle}>
          <h3 id={reminderTitle} className="flex items-center gap-2 text-sm font-semibold">
            <BellRing className="size-4 text-primary" aria-hidden />
            Appointment reminder
          </h3>
          <p className="text-sm text-muted-foreground">
            The standard reminder with the date, time and address of this appointment.
          </p>
          <Button
            type="button"
            className="self-start"
            disabled={busy}
            onClick={() => reminder.mutate(booking.id, { onSuccess: sent, onError: failed })}
          >
            {reminder.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Send reminder
          </Button>
        </section>

        <MessageForm
          booking={booking}
          busy={busy}
          sending={email.isPending}
          onSend={(input) => email.mutate(input, { onSuccess: sent, onError: failed })}
        />
      </DialogContent>
    </Dialog>
  );
}

function MessageForm({
  booking,
  busy,
  sending,
  onSend,
}: {
  booking: Booking;
  busy: boolean;
  sending: boolean;
  onSend: (input: { to: string } & MessageOutput) => void;
}) {
  const id = useId();
  const form = useForm<MessageInput, unknown, MessageOutput>({
    resolver: zodResolver(messageSchema),
    defaultValues: { subject: `Your appointment on ${formatLongDate(booking.date)}`, message: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => onSend({ to: booking.email, ...values }));

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-3"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <Send className="size-4 text-primary" aria-hidden />
        Or write your own email
      </h3>
      <LabelledField label="Subject" error={errors.subject?.message}>
        {(control) => <Input {...control} {...form.register('subject')} />}
      </LabelledField>
      <LabelledField label="Message" error={errors.message?.message}>
        {(control) => (
          <Textarea {...control} rows={5} placeholder={`Hi ${booking.firstName}, ...`} {...form.register('message')} />
        )}
      </LabelledField>
      <Button type="submit" variant="secondary" className="self-start" disabled={busy}>
        {sending && <Loader2 className="animate-spin" aria-hidden />}
        Send email
      </Button>
    </form>
  );
}
