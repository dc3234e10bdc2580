/**
 * Card payments in a visit's Payments panel (docs/decisions/037-card-payments.md): 'Refund by card' on a
 * card payment taken through Stripe (asked of Stripe; the refund shows as a negative payment once Stripe confirms
 * it, 'waiting for Stripe' until then), a card payment's dispute under it (recorded from Stripe's webhook), and the
 * 'Pay now' link for the balance, copied or e-mailed. Nothing shows without card payments set up.
 */
import { Copy, Link2, Mail, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { disputeReasonText, disputeStatusText } from '@shared/card-payments';
import { formatCents } from '@shared/money';
import {
  FINAL_DISPUTE_STATUSES,
  REFUND_REASON_REQUIRED,
  type BookingCardState,
  type CardDisputeAnswer,
} from '@shared/schemas/card-payments';
import type { PaymentEntryAnswer } from '@shared/schemas/payment';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatNzDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { LabelledField } from '@/components/ui/labelled-field';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { parseDollars } from '../../shared/payment-view';
import { useBookingCard } from '../api/get-booking-card';
import { useRefundCardPayment } from '../api/refund-card-payment';
import { usePayLink } from '../api/send-pay-link';
import { FormFooter } from './form-footer';

/** What the server says is left to refund of each card payment, by payment id (a dispute open or lost: 0). */
export function cardStateByPayment(state: BookingCardState | null | undefined) {
  return {
    disputes: new Map((state?.disputes ?? []).map((d) => [d.paymentId, d])),
    refundable: new Map((state?.refundable ?? []).map((r) => [r.paymentId, r.refundableCents])),
  };
}

/**
 * A card payment Stripe took, not voided, with something left to refund as the server says (refunds asked count; a
 * disputed one has nothing): 'Refund' asks Stripe. Not offered until the server has said (nor with cards off).
 */
export const isStripeRefundable = (p: PaymentEntryAnswer, refundableCents: number | undefined) =>
  p.source === 'stripe' && p.amountCents > 0 && p.voidedAt === null && (refundableCents ?? 0) > 0;

/** Under a disputed card payment: the amount, the card holder's reason and where it stands (what she must do). */
export function DisputeLine({ dispute }: { dispute: CardDisputeAnswer }) {
  const due = dispute.evidenceDueBy && formatNzDateTime(dispute.evidenceDueBy);
  const open = !FINAL_DISPUTE_STATUSES.includes(dispute.status);
  return (
    <p
      role="status"
      className={cn(
        'flex items-start gap-2 rounded-md border p-2',
        open ? 'border-destructive/50 bg-destructive/5' : 'text-muted-foreground',
      )}
    >
      <ShieldAlert className={cn('mt-0.5 size-4 shrink-0', open && 'text-destructive')} aria-hidden />
      <span>
        <strong className="font-semibold">Disputed: {formatCents(dispute.amountCents)}</strong> (
        {disputeReasonText(dispute.reason)}). {disputeStatusText(dispute.status, due ? `${due} (NZ time)` : null)}.
      </span>
    </p>
  );
}

export function CardRefundForm({
  payment,
  refundableCents,
  onDone,
}: {
  payment: PaymentEntryAnswer;
  /** What is left to refund of it: the amount proposed. */
  refundableCents: number;
  onDone: () => void;
}) {
  const refund = useRefundCardPayment();
  const [amount, setAmount] = useState((refundableCents / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDollars(amount);
    const next = {
      amount: 'error' in parsed ? parsed.error : undefined,
      reason: reason.trim() ? undefined : REFUND_REASON_REQUIRED,
    };
    setErrors(next);
    if ('error' in parsed || next.reason) return;
    refund.mutate(
      { paymentId: payment.id, amountCents: parsed.cents, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Refund asked of Stripe', description: 'It shows here once Stripe confirms it.' });
          onDone();
        },
        onError: (e) => setErrors({ form: serverMessage(e) ?? 'The refund could not be made' }),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-1 flex flex-col gap-2" aria-label="Refund by card">
      <p className="text-muted-foreground">The money goes back to the client’s card through Stripe.</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <LabelledField label="Refund amount ($)" error={errors.amount}>
          {(control) => (
            <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          )}
        </LabelledField>
        <LabelledField label="Reason for the refund" error={errors.reason}>
          {(control) => (
            <Input {...control} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
          )}
        </LabelledField>
      </div>
      <FormFooter
        error={errors.form}
        pending={refund.isPending}
        submitLabel="Refund to card"
        onClose={onDone}
        compact
        destructive
      />
    </form>
  );
}

/** Refunds waiting for Stripe, and the 'Pay now' link for what the visit still owes. */
export function CardPaymentExtras({ bookingId }: { bookingId: number }) {
  const card = useBookingCard(bookingId);
  const payLink = usePayLink();
  const [link, setLink] = useState<string | null>(null);
  const data = card.data;
  if (!data) return null;

  const ask = (send: boolean) =>
    payLink.mutate(
      { bookingId, send },
      {
        onSuccess: (answer) => {
          setLink(answer.url);
          if (send) toast({ title: 'Pay now link e-mailed', description: `${formatCents(answer.amountCents)} to pay` });
          else
            void navigator.clipboard
              ?.writeText(answer.url)
              .then(() => toast({ title: 'Pay now link copied' }))
              .catch(() => undefined);
        },
        onError: (e) => toast({ title: 'No link made', description: serverMessage(e), variant: 'destructive' }),
      },
    );

  return (
    <div className="flex flex-col gap-2 text-sm">
      {data.pendingRefunds.length > 0 && (
        <ul aria-label="Refunds waiting for Stripe" className="flex flex-col gap-1">
          {data.pendingRefunds.map((r) => (
            <li key={r.refundId} className="text-muted-foreground" role="status">
              {formatCents(r.amountCents)} refund to card:{' '}
              {r.status === 'failed' || r.status === 'canceled'
                ? 'Stripe could not make it'
                : 'waiting for Stripe to confirm'}
            </li>
          ))}
        </ul>
      )}
      {data.balanceCents > 0 && (
        <div className="flex flex-col gap-2">
          <p className="flex items-center gap-2">
            <Link2 className="size-4 shrink-0 text-primary" aria-hidden />
            Pay now link for the {formatCents(data.balanceCents)} owed
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" disabled={payLink.isPending} onClick={() => ask(true)}>
              <Mail aria-hidden />
              E-mail Pay now link
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={payLink.isPending} onClick={() => ask(false)}>
              <Copy aria-hidden />
              Copy link
            </Button>
          </div>
          {link && <code className="break-all rounded bg-muted px-2 py-1 text-xs">{link}</code>}
        </div>
      )}
    </div>
  );
}
