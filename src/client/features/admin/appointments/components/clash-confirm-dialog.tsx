/**
 * Confirming a visit that overlaps a busy time of her other calendars (issue 23): the server's
 * 409 CALENDAR_CLASH message, and 'Confirm anyway' (sent with confirmClash) or 'Go back'.
 */
import { CalendarX2, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TEXTS } from '../texts';

interface ClashConfirmDialogProps {
  /** The server's message; null keeps the dialog closed. */
  message: string | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ClashConfirmDialog({ message, pending, onConfirm, onCancel }: ClashConfirmDialogProps) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CalendarX2 className="size-5 text-amber-600 dark:text-amber-400" aria-hidden />
            {TEXTS.clashTitle}
          </DialogTitle>
          <DialogDescription className="break-words">{message}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">{TEXTS.clashAdvice}</p>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
            {TEXTS.goBack}
          </Button>
          <Button type="button" disabled={pending} aria-busy={pending || undefined} onClick={onConfirm}>
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            {TEXTS.confirmAnyway}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
