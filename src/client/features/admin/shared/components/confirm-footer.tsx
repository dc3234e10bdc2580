/**
 * The two buttons at the foot of a confirmation: step back, or go ahead (with a spinner while the
 * request runs; both disabled meanwhile so nothing is sent twice). One place for every admin dialog
 * that asks before it acts.
 */
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

interface ConfirmFooterProps {
  pending: boolean;
  backLabel: string;
  confirmLabel: string;
  onBack: () => void;
  onConfirm: () => void;
  /** Removing or cancelling something: the red button. */
  destructive?: boolean;
}

export function ConfirmFooter({
  pending,
  backLabel,
  confirmLabel,
  onBack,
  onConfirm,
  destructive,
}: ConfirmFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" disabled={pending} onClick={onBack}>
        {backLabel}
      </Button>
      <Button
        type="button"
        variant={destructive ? 'destructive' : 'default'}
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={onConfirm}
      >
        {pending && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
        {confirmLabel}
      </Button>
    </DialogFooter>
  );
}
