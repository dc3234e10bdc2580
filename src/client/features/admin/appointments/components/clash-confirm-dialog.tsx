/**
 * Confirming a visit the server asks her to look at first: one that overlaps a busy time of her
 * other calendars (docs/product.md §11: 409 CALENDAR_CLASH, 'Confirm anyway' sends confirmClash), or one whose
 * client has health red flags (docs/product.md §13: 409 HEALTH_NOT_CONFIRMED, 'I have read them: confirm' sends
 * confirmHealth). The server's message, and the confirmation or 'Go back'.
 */
import { CalendarX2, HeartPulse } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ConfirmFooter } from '../../shared/components/confirm-footer';
import { TEXTS } from '../texts';

export type ConfirmPromptKind = 'clash' | 'health';

const WORDS = {
  clash: { Icon: CalendarX2, title: TEXTS.clashTitle, advice: TEXTS.clashAdvice, confirm: TEXTS.confirmAnyway },
  health: { Icon: HeartPulse, title: TEXTS.healthTitle, advice: TEXTS.healthAdvice, confirm: TEXTS.healthConfirm },
} as const;

interface ClashConfirmDialogProps {
  kind?: ConfirmPromptKind;
  /** The server's message; null keeps the dialog closed. */
  message: string | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ClashConfirmDialog({ kind = 'clash', message, pending, onConfirm, onCancel }: ClashConfirmDialogProps) {
  const { Icon, title, advice, confirm } = WORDS[kind];
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Icon className="size-5 text-amber-600 dark:text-amber-400" aria-hidden />
            {title}
          </DialogTitle>
          <DialogDescription className="break-words">{message}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">{advice}</p>
        <ConfirmFooter
          pending={pending}
          backLabel={TEXTS.goBack}
          confirmLabel={confirm}
          onBack={onCancel}
          onConfirm={onConfirm}
        />
      </DialogContent>
    </Dialog>
  );
}
