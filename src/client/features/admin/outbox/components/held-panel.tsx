/**
 * E-mails queued while e-mail was not set up (docs/product.md §2 Outbox): how many wait for her decision,
 * with 'Send all' and 'Discard all', each asked once more in a dialog. Both act on the held e-mails up to the newest
 * this panel has seen, so one held after she looked waits for its own decision.
 */
import { MailWarning, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { HeldAnswer, OutboxDelivery } from '@shared/schemas/outbox';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { ConfirmFooter } from '../../shared/components/confirm-footer';
import { useDiscardAllHeld } from '../api/discard-all-held';
import { useOutbox } from '../api/get-outbox';
import { useSendAllHeld } from '../api/send-all-held';
import { heldText } from '../outbox-view';
import { TEXTS, TOASTS } from '../texts';
import type { HeldChoice } from './outbox-parts';

export function HeldPanel({ held, delivery }: { held: number; delivery: OutboxDelivery }) {
  // The newest held e-mail: what 'all' means.
  const newest = useOutbox('held').data?.pages[0]?.items[0]?.id;
  const sendAll = useSendAllHeld();
  const discardAll = useDiscardAllHeld();
  const [asking, setAsking] = useState<HeldChoice | null>(null);
  const pending = sendAll.isPending || discardAll.isPending;

  const confirm = () => {
    if (!asking || newest === undefined) return;
    const mutation = asking === 'send' ? sendAll : discardAll;
    mutation.mutate(newest, {
      onSuccess: (res: HeldAnswer) => {
        toast({ title: 'Success', description: res.message });
        setAsking(null);
      },
      onError: (err) =>
        toast({ title: 'Error', description: serverMessage(err) ?? TOASTS.heldFailed, variant: 'destructive' }),
    });
  };

  return (
    <div
      role="region"
      aria-labelledby="outbox-held-title"
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <div className="flex gap-3">
        <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="space-y-1">
          <h3 id="outbox-held-title" className="font-medium">
            {TEXTS.heldTitle}
          </h3>
          <p>{heldText(held, delivery)}</p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button type="button" disabled={pending || newest === undefined} onClick={() => setAsking('send')}>
          <Send aria-hidden />
          {TEXTS.sendAll} ({held})
        </Button>
        <Button
          type="button"
          variant="outline"
          className="bg-background"
          disabled={pending || newest === undefined}
          onClick={() => setAsking('discard')}
        >
          <Trash2 aria-hidden />
          {TEXTS.discardAll} ({held})
        </Button>
      </div>
      <Dialog open={asking !== null} onOpenChange={(open) => !open && !pending && setAsking(null)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>{asking === 'discard' ? TEXTS.discardAllTitle : TEXTS.sendAllTitle}</DialogTitle>
            <DialogDescription>{asking === 'discard' ? TEXTS.discardAllText : TEXTS.sendAllText}</DialogDescription>
          </DialogHeader>
          <ConfirmFooter
            pending={pending}
            backLabel={TEXTS.back}
            confirmLabel={`${asking === 'discard' ? TEXTS.discardAll : TEXTS.sendAll} (${held})`}
            onBack={() => setAsking(null)}
            onConfirm={confirm}
            destructive={asking === 'discard'}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}
