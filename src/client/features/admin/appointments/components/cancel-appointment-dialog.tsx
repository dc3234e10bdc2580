/**
 * 'Cancel Appointment' (docs/product.md §2, §4): the question, the client's name, e-mail, date and
 * time, 'No, Keep It' and 'Yes, Cancel Appointment'. On success the lists refresh, the toast
 * says so and both dialogs close (the caller's onCancelled); the server e-mails the client.
 */
import { useId, useState } from 'react';
import { insideChangeCutoff } from '@shared/booking-rules';
import type { Booking } from '@shared/schemas/booking';
import { formatTime12 } from '@shared/clock-time';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { dayLabel } from '@/lib/format';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { ConfirmFooter } from '../../shared/components/confirm-footer';
import { useChangeAppointmentStatus } from '../api/change-appointment-status';
import { TEXTS, TOASTS } from '../texts';
import { DetailRows } from './detail-rows';

interface CancelAppointmentDialogProps {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled: () => void;
}

export function CancelAppointmentDialog({ booking, open, onOpenChange, onCancelled }: CancelAppointmentDialogProps) {
  const cancel = useChangeAppointmentStatus('cancelled');
  const lateId = useId();
  const [late, setLate] = useState(false);
  const { data: practice } = usePracticeInfo();
  // 'Late cancellation' (docs/product.md §4 "Client cancellation"): a confirmed visit she cancels for the client inside
  // the change cut-off (the server checks it again); it counts on the client with the no-shows.
  const canMarkLate =
    practice !== undefined && booking.status === 'confirmed' && insideChangeCutoff(booking, practice.changeCutoffHours);

  const confirm = () =>
    cancel.mutate(
      { id: booking.id, lateCancellation: canMarkLate && late },
      {
        onSuccess: () => {
          toast(TOASTS.cancelled);
          onCancelled();
        },
        onError: (error) =>
          toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.cancelFailed, variant: 'destructive' }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{TEXTS.cancelTitle}</DialogTitle>
          <DialogDescription>{TEXTS.cancelQuestion}</DialogDescription>
        </DialogHeader>
        <div className="rounded-md border bg-muted/40 p-4">
          <DetailRows
            compact
            rows={[
              { label: 'Client', value: `${booking.firstName} ${booking.lastName}` },
              { label: 'Email', value: booking.email },
              { label: 'Date', value: dayLabel(booking.date) },
              { label: 'Time', value: formatTime12(booking.time) },
            ]}
          />
        </div>
        {canMarkLate && (
          <div className="flex items-start gap-3 rounded-md border border-amber-300 p-3 dark:border-amber-800/60">
            <Checkbox
              id={lateId}
              checked={late}
              onCheckedChange={(checked) => setLate(checked === true)}
              disabled={cancel.isPending}
              className="mt-0.5"
              aria-describedby={`${lateId}-hint`}
            />
            <div className="grid gap-1">
              <Label htmlFor={lateId}>{TEXTS.lateCancellation}</Label>
              <p id={`${lateId}-hint`} className="text-xs text-muted-foreground">
                {TEXTS.lateCancellationHint(practice.changeCutoffHours)}
              </p>
            </div>
          </div>
        )}
        <ConfirmFooter
          destructive
          pending={cancel.isPending}
          backLabel={TEXTS.keepIt}
          confirmLabel={TEXTS.yesCancel}
          onBack={() => onOpenChange(false)}
          onConfirm={confirm}
        />
      </DialogContent>
    </Dialog>
  );
}
