import { Loader2 } from 'lucide-react';
import type { Booking } from '@shared/schemas/booking';
import { displayServiceName } from '@shared/service-options';
import { formatTime12 } from '@shared/clock-time';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { dayLabel } from '@/lib/format';

interface CancelPromptProps {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cancelling: boolean;
  onConfirm: () => void;
}

/** 'Are you sure you want to cancel this booking?' (docs/product.md §4). */
export function CancelPrompt({ booking, open, onOpenChange, cancelling, onConfirm }: CancelPromptProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle className="pr-6 leading-snug">Are you sure you want to cancel this booking?</DialogTitle>
          <DialogDescription>
            {displayServiceName(booking.serviceName)} on {dayLabel(booking.date)} at {formatTime12(booking.time)} (NZ
            time) will be cancelled. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={cancelling}>
              Keep Booking
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={onConfirm} disabled={cancelling}>
            {cancelling ? (
              <>
                <Loader2 className="animate-spin" aria-hidden />
                Cancelling...
              </>
            ) : (
              'Yes, Cancel Booking'
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
