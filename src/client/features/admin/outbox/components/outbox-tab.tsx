/**
 * The Outbox tab (docs/product.md §2 Outbox, docs/decisions/008-email-outbox.md): every e-mail the
 * site queued, newest first, with its state, attempts and last error, so she can see that each
 * message left; Resend for a failed one (Try again now for one that is retrying). A table on a
 * wide screen, cards on a phone; refreshed every 15 s while open.
 */
import { Loader2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { resendMessages, type OutboxChannelFilter, type OutboxFilter } from '@shared/schemas/outbox';
import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { toast } from '@/lib/toast';
import { useNow } from '../../shared/use-now';
import { useDiscardHeldEmail } from '../api/discard-held-email';
import { useOutbox } from '../api/get-outbox';
import { useResendEmail } from '../api/resend-email';
import { useSendHeldEmail } from '../api/send-held-email';
import { emptyFilterText, outboxRowView, problemsText, showChannelFilter, type OutboxRowView } from '../outbox-view';
import { TEXTS, TOASTS } from '../texts';
import { HeldPanel } from './held-panel';
import { OutboxCards } from './outbox-cards';
import type { HeldChoice } from './outbox-parts';
import { OutboxChannelBar, OutboxFilterBar } from './outbox-filter';
import { DeliveryNotConfigured, OutboxEmpty, OutboxError, OutboxLoading } from './outbox-states';
import { OutboxTable } from './outbox-table';

export function OutboxTab() {
  const [filter, setFilter] = useState<OutboxFilter>('all');
  const [channel, setChannel] = useState<OutboxChannelFilter>('all');
  const outbox = useOutbox(filter, channel);
  const resend = useResendEmail();
  const sendHeld = useSendHeldEmail();
  const discardHeld = useDiscardHeldEmail();
  const now = useNow(15_000);

  const pages = outbox.data?.pages;
  const first = pages?.[0];
  const rows = useMemo<OutboxRowView[] | undefined>(
    () =>
      first
        ? pages.flatMap((page) =>
            page.items.map((item) => outboxRowView(item, first.delivery, first.maxAttempts, now, first.sms)),
          )
        : undefined,
    [pages, first, now],
  );
  const retry = () => void outbox.refetch();

  const onResend = (row: OutboxRowView) => {
    resend.mutate(row.id, {
      onSuccess: (res) => {
        trackEvent('outbox_resend', { action: row.action ?? 'none' });
        if (res.message === resendMessages(res.item.channel).queuedAgain) {
          if (res.item.channel === 'sms') toast({ title: TOASTS.textQueuedTitle, description: TOASTS.textQueued });
          else
            toast({
              title: TOASTS.queuedTitle,
              description: first?.delivery === 'files' ? TOASTS.queuedNoSmtp : TOASTS.queued,
            });
        } else {
          // A second click: it was already queued, and nothing was queued twice.
          toast({ title: TOASTS.alreadyQueuedTitle, description: res.message });
        }
      },
      onError: (err) =>
        toast({
          title: 'Error',
          description: (err instanceof ApiError ? err.body?.message : undefined) ?? TOASTS.failed,
          variant: 'destructive',
        }),
    });
  };

  // A held e-mail (docs/product.md §2 "Outbox"): she sends it, or discards it for good.
  const onDecide = (row: OutboxRowView, choice: HeldChoice) => {
    (choice === 'send' ? sendHeld : discardHeld).mutate(row.id, {
      onSuccess: (res) => toast({ title: 'Success', description: res.message }),
      onError: (err) =>
        toast({
          title: 'Error',
          description: (err instanceof ApiError ? err.body?.message : undefined) ?? TOASTS.heldFailed,
          variant: 'destructive',
        }),
    });
  };
  const deciding = sendHeld.isPending ? sendHeld.variables : discardHeld.isPending ? discardHeld.variables : null;
  const busyId = resend.isPending ? (resend.variables ?? null) : (deciding ?? null);

  const withTexts = first ? showChannelFilter(first) : false;
  const problems = first ? problemsText(first.counts.problems, withTexts) : undefined;
  let body;
  if (!first || !rows) {
    body = outbox.isError ? <OutboxError onRetry={retry} retrying={outbox.isFetching} /> : <OutboxLoading />;
  } else if (first.channels.all === 0) {
    body = <OutboxEmpty />;
  } else {
    const listProps = { rows, busyId, onResend, onDecide };
    body = (
      <>
        <div className="space-y-3">
          {withTexts && <OutboxChannelBar value={channel} counts={first.channels} onChange={setChannel} />}
          <OutboxFilterBar value={filter} counts={first.counts} onChange={setFilter} />
        </div>
        {rows.length === 0 ? (
          <OutboxEmpty text={emptyFilterText(filter, channel)} />
        ) : (
          <div aria-busy={outbox.isPlaceholderData || undefined} className="space-y-4">
            <div className="lg:hidden">
              <OutboxCards {...listProps} />
            </div>
            <div className="hidden lg:block">
              <OutboxTable {...listProps} />
            </div>
            {outbox.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => void outbox.fetchNextPage()}
                  disabled={outbox.isFetchingNextPage}
                >
                  {outbox.isFetchingNextPage && (
                    <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
                  )}
                  {outbox.isFetchingNextPage ? TEXTS.loadingMore : TEXTS.showMore}
                </Button>
              </div>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <section
      aria-labelledby="outbox-heading"
      className="space-y-5 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="space-y-1.5">
        <h2 id="outbox-heading" className="text-lg font-semibold leading-tight tracking-tight">
          {TEXTS.heading}
        </h2>
        <CardDescription>{withTexts ? TEXTS.descriptionWithTexts : TEXTS.description}</CardDescription>
        {problems && <p className="text-sm font-medium text-red-800 dark:text-red-300">{problems}</p>}
      </div>
      {first?.delivery === 'files' && <DeliveryNotConfigured />}
      {first && first.counts.held > 0 && <HeldPanel held={first.counts.held} delivery={first.delivery} />}
      {first && outbox.isError && <OutboxError onRetry={retry} retrying={outbox.isFetching} stale />}
      {body}
    </section>
  );
}
