/**
 * A visit's receipts (docs/product.md §18.3): 'Send receipt' on a visit that has payments, then each
 * receipt with 'View PDF' and 'Re-send', and 'Corrected receipt' (replaces the last) and 'Credit note' (for a refund).
 * Every figure is the server's; the buttons only ask. Rendered per visit by the pages (the day sheet passes it in).
 */
import { FileText, Loader2, Receipt, RotateCw } from 'lucide-react';
import type { ReceiptRequest } from '@shared/schemas/receipts';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { useReceipts } from '../api/get-receipts';
import { useIssueReceipt } from '../api/issue-receipt';
import { useResendReceipt } from '../api/resend-receipt';
import { lastReplaceable, receiptLine } from '../receipts-view';

export interface ReceiptActionsProps {
  bookingId: number;
  /** Whether the visit has payments, when the page knows; without any (and no receipt yet) nothing shows. */
  hasPayments?: boolean;
}

const linkClass =
  'inline-flex min-h-9 items-center gap-1.5 rounded-md border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function ReceiptActions({ bookingId, hasPayments = true }: ReceiptActionsProps) {
  const receipts = useReceipts(bookingId);
  const issue = useIssueReceipt(bookingId);
  const resend = useResendReceipt();
  const list = receipts.data ?? [];
  if (!receipts.data || (list.length === 0 && !hasPayments)) return null;

  const failed = (fallback: string) => (error: unknown) =>
    toast({ title: 'Error', description: serverMessage(error) ?? fallback, variant: 'destructive' });
  const ask = (body: ReceiptRequest, what: string) =>
    issue.mutate(body, {
      onSuccess: ({ number }) => toast({ title: `${what} ${number} sent`, description: 'E-mailed to the client' }),
      onError: failed('The receipt could not be made'),
    });
  const replaceable = lastReplaceable(list);
  const busy = issue.isPending || resend.isPending;

  return (
    <section className="grid gap-2" aria-label="Receipts" data-testid={`receipts-${bookingId}`}>
      {list.length === 0 ? (
        <div>
          <Button type="button" size="sm" disabled={busy} onClick={() => ask({}, 'Receipt')}>
            {issue.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Receipt aria-hidden />}
            Send receipt
          </Button>
        </div>
      ) : (
        <>
          <ul className="grid gap-2">
            {list.map((r) => (
              <li key={r.number} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{receiptLine(r)}</span>
                <a href={r.url} target="_blank" rel="noopener" className={linkClass}>
                  <FileText className="size-4" aria-hidden />
                  View PDF
                  <span className="sr-only">
                    {' '}
                    of {r.kind === 'receipt' ? 'receipt' : 'credit note'} {r.number}
                  </span>
                </a>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  aria-label={`Re-send ${r.number}`}
                  onClick={() =>
                    resend.mutate(r.number, {
                      onSuccess: () => toast({ title: `Receipt ${r.number} sent again` }),
                      onError: failed('The receipt could not be sent'),
                    })
                  }
                >
                  <RotateCw aria-hidden />
                  Re-send
                </Button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {replaceable ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => ask({ replaces: replaceable.number }, 'Corrected receipt')}
              >
                Corrected receipt
              </Button>
            ) : null}
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => ask({ kind: 'credit-note' }, 'Credit note')}
            >
              Credit note
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
