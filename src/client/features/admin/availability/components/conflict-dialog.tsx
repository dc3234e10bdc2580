/** The warning before a change that leaves active bookings outside the hours: names each booking. */
import { AlertTriangle } from 'lucide-react';
import { formatTime12 } from '@shared/clock-time';
import { formatLongDate } from '@shared/time';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { HeldChange } from '../use-conflict-guard';

interface ConflictDialogProps {
  held: HeldChange | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConflictDialog({ held, onConfirm, onCancel }: ConflictDialogProps) {
  const count = held?.bookings.length ?? 0;
  return (
    <Dialog open={held !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <AlertTriangle className="size-5 text-amber-600 dark:text-amber-400" aria-hidden />
            {count === 1 ? 'This affects 1 booking' : `This affects ${count} bookings`}
          </DialogTitle>
          <DialogDescription>
            {held?.title} Existing bookings are kept, not cancelled: contact these clients if they need to move.
          </DialogDescription>
        </DialogHeader>
        <ul className="max-h-64 divide-y overflow-y-auto rounded-md border bg-muted/40" aria-label="Affected bookings">
          {held?.bookings.map((b) => (
            <li key={b.id} className="flex flex-col gap-0.5 px-4 py-2.5 text-sm">
              <span className="font-medium">
                {b.firstName} {b.lastName}
              </span>
              <span className="text-muted-foreground">
                {formatLongDate(b.date)} at {formatTime12(b.time)} · {b.status === 'pending' ? 'Pending' : 'Confirmed'}
              </span>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Go back
          </Button>
          <Button type="button" onClick={onConfirm}>
            Save anyway
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
