/**
 * 'Mark deposit received' on a request whose deposit has not arrived (docs/product.md §18.1): records, as
 * a bank transfer today, exactly what the server says is still due of the deposit (deposit payments only). The
 * 'Deposit: waiting / received' label beside it is the deposits part's (§18.2). Hidden unless the deposit waits.
 */
import { Check, Loader2 } from 'lucide-react';
import { formatCents } from '@shared/money';
import type { AdminBooking } from '@shared/schemas/booking';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { serverMessage } from '../../shared/action-errors';
import { useRecordPayment } from '../../shared/api/record-payment';
import { PAYMENT_TEXTS } from '../../shared/payment-view';
import { depositToMark } from '../deposit-to-mark';

export function MarkDepositReceived({
  booking,
  clientName,
  className,
}: {
  booking: Pick<AdminBooking, 'id' | 'depositStatus' | 'depositDueCents'>;
  clientName: string;
  className?: string;
}) {
  const record = useRecordPayment();
  const due = depositToMark(booking);
  if (due === null) return null;
  const mark = () =>
    record.mutate(
      { bookingId: booking.id, amountCents: due, method: 'bank-transfer', isDeposit: true },
      {
        onSuccess: () =>
          toast({ title: PAYMENT_TEXTS.depositMarked, description: `${formatCents(due)} by bank transfer` }),
        onError: (e) =>
          toast({
            title: 'Error',
            description: serverMessage(e) ?? 'The deposit could not be marked received',
            variant: 'destructive',
          }),
      },
    );
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      className={cn(className)}
      disabled={record.isPending}
      aria-busy={record.isPending || undefined}
      onClick={mark}
    >
      {record.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Check aria-hidden />}
      {PAYMENT_TEXTS.markDeposit}
      <span className="sr-only">
        {' '}
        ({formatCents(due)}) for {clientName}
      </span>
    </Button>
  );
}
