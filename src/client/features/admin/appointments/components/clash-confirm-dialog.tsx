/**
 * Confirming a visit that overlaps a busy time of her other calendars (issue 23): the server's
 * 409 CALENDAR_CLASH message, and 'Confirm anyway' (sent with confirmClash) or 'Go back'.
 */
import { CalendarX2 } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ConfirmFooter } from '../../shared/components/confirm-footer';
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
        <ConfirmFooter
          pending={pending}
          backLabel={TEXTS.goBack}
          confirmLabel={TEXTS.confirmAnyway}
          onBack={onCancel}
          onConfirm={onConfirm}
        />
      </DialogContent>
    </Dialog>
  );
}
