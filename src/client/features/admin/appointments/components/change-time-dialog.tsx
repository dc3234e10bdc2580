/**
 * 'Change time…' (docs/product.md §4 "Changing a visit"): she picks a date and one of the times the
 * server offers this visit there (its duration, its address's drive, its own time free for itself), and the
 * visit moves in place. No change cut-off for her; the client is e-mailed the new time.
 */
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { formatTime12 } from '@shared/clock-time';
import type { AdminBooking, Booking } from '@shared/schemas/booking';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { dayLabel } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { serverMessage } from '../../shared/action-errors';
import { useMoveTimes } from '../api/get-move-times';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { TEXTS, TOASTS } from '../texts';

export function ChangeTimeDialog({
  booking,
  open,
  onOpenChange,
  onMoved,
}: {
  booking: AdminBooking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMoved: (booking: Booking) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90dvh] max-w-md flex-col gap-0 overflow-hidden p-0">
        <DialogHeader className="border-b px-6 pb-4 pt-6 pr-12">
          <DialogTitle>{TEXTS.changeTimeTitle}</DialogTitle>
          <DialogDescription>
            {TEXTS.changeTimeDescription(
              `${booking.firstName} ${booking.lastName}`,
              `${dayLabel(booking.date)}, ${formatTime12(booking.time)}`,
            )}
          </DialogDescription>
        </DialogHeader>
        {open && <ChangeTimeBody booking={booking} onClose={() => onOpenChange(false)} onMoved={onMoved} />}
      </DialogContent>
    </Dialog>
  );
}

function ChangeTimeBody({
  booking,
  onClose,
  onMoved,
}: {
  booking: AdminBooking;
  onClose: () => void;
  onMoved: (booking: Booking) => void;
}) {
  const [date, setDate] = useState(booking.date);
  const [time, setTime] = useState<string | null>(null);
  const times = useMoveTimes(booking.id, date, true);
  const move = useRescheduleAppointment();
  const slots = times.data?.timeSlots ?? [];
  const unchanged = date === booking.date && time === booking.time;

  const submit = () => {
    if (!time) return;
    move.mutate(
      { id: booking.id, date, time },
      {
        onSuccess: (moved) => {
          toast(TOASTS.moved);
          onMoved(moved);
          onClose();
        },
        onError: (error) => {
          toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.moveFailed, variant: 'destructive' });
          void times.refetch();
        },
      },
    );
  };

  return (
    <>
      <div className="grid min-h-0 gap-4 overflow-y-auto px-6 py-4">
        <LabelledField label="New date" error={undefined}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={date}
              onChange={(e) => {
                setDate(e.target.value);
                setTime(null);
              }}
            />
          )}
        </LabelledField>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">New time (NZ time)</legend>
          {times.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Loading times…
            </p>
          ) : times.isError ? (
            <p className="text-sm text-red-700 dark:text-red-300" role="alert">
              {serverMessage(times.error) ?? TEXTS.changeTimeLoadFailed}
            </p>
          ) : slots.length === 0 ? (
            <p className="text-sm text-muted-foreground">{TEXTS.changeTimeNone}</p>
          ) : (
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {slots.map((slot) => (
                <label
                  key={slot}
                  className={cn(
                    'flex cursor-pointer items-center justify-center rounded-md border px-2 py-2 text-sm tabular-nums has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    time === slot && 'border-primary bg-primary/10 font-medium',
                  )}
                >
                  <input
                    type="radio"
                    name="newTime"
                    value={slot}
                    checked={time === slot}
                    onChange={() => setTime(slot)}
                    className="sr-only"
                  />
                  {formatTime12(slot)}
                  {date === booking.date && slot === booking.time && <span className="sr-only"> (current)</span>}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <p className="text-sm text-muted-foreground">{TEXTS.changeTimeHint}</p>
      </div>
      <div className="grid grid-cols-2 gap-2 border-t px-6 py-4 sm:flex sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button
          type="button"
          disabled={!time || unchanged || move.isPending}
          aria-busy={move.isPending || undefined}
          onClick={submit}
        >
          {move.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Move visit
        </Button>
      </div>
    </>
  );
}
