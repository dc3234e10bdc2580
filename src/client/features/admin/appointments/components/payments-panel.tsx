/**
 * A visit's payments (docs/product.md §18.1): the list, voided ones struck through with her reason, the
 * balance the server computed, 'Record payment' (a refund with its switch and reason, an overpayment with its tick)
 * and 'Void' with a reason. Nothing is deleted. Phone-first: one column at 360 px.
 */
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '@shared/constants';
import { formatCents } from '@shared/money';
import { PAYMENT_METHOD_LABELS } from '@shared/payments';
import type { CardDisputeAnswer } from '@shared/schemas/card-payments';
import { REFUND_NEEDS_REASON, VOID_REASON_REQUIRED, type PaymentEntryAnswer } from '@shared/schemas/payment';
import { formatShortDate, nzToday } from '@shared/time';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LabelledField } from '@/components/ui/labelled-field';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { useBookingPayments } from '../../shared/api/get-booking-payments';
import { useRecordPayment } from '../../shared/api/record-payment';
import { useVoidPayment } from '../../shared/api/void-payment';
import { PaymentBadge } from '../../shared/components/payment-badge';
import { balanceLine, parseDollars, PAYMENT_TEXTS, paymentLine } from '../../shared/payment-view';
import { useBookingCard } from '../api/get-booking-card';
import {
  CardPaymentExtras,
  CardRefundForm,
  cardStateByPayment,
  DisputeLine,
  isStripeRefundable,
} from './card-payment-actions';
import { DetailSection } from './detail-rows';
import { FormFooter } from './form-footer';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm';

export function PaymentsPanel({ bookingId }: { bookingId: number }) {
  const { data, isPending, isError } = useBookingPayments(bookingId);
  const card = cardStateByPayment(useBookingCard(bookingId).data);
  const [adding, setAdding] = useState(false);

  return (
    <DetailSection title={PAYMENT_TEXTS.panelTitle}>
      {isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading payments…
        </p>
      ) : isError ? (
        <p className="text-sm text-destructive">Payments could not be loaded.</p>
      ) : (
        <div className="flex flex-col gap-3" data-testid="payments-panel">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <PaymentBadge status={data.balance.status} />
            <span className="tabular-nums">
              {formatCents(data.balance.receivedCents)} of {formatCents(data.balance.totalCents)} received ·{' '}
              <strong>{balanceLine(data.balance)}</strong>
            </span>
          </p>
          {data.payments.length === 0 ? (
            <p className="text-sm text-muted-foreground">{PAYMENT_TEXTS.none}</p>
          ) : (
            <ul className="flex flex-col divide-y rounded-md border text-sm" aria-label="Payments recorded">
              {data.payments.map((p) => (
                <PaymentRow
                  key={p.id}
                  payment={p}
                  dispute={card.disputes.get(p.id)}
                  refundableCents={card.refundable.get(p.id)}
                />
              ))}
            </ul>
          )}
          <CardPaymentExtras bookingId={bookingId} />
          {adding ? (
            <RecordPaymentForm
              bookingId={bookingId}
              owedCents={data.balance.owedCents}
              onDone={() => setAdding(false)}
            />
          ) : (
            <Button type="button" variant="outline" className="self-start" onClick={() => setAdding(true)}>
              <Plus aria-hidden />
              {PAYMENT_TEXTS.record}
            </Button>
          )}
        </div>
      )}
    </DetailSection>
  );
}

function PaymentRow({
  payment,
  dispute,
  refundableCents,
}: {
  payment: PaymentEntryAnswer;
  dispute?: CardDisputeAnswer;
  /** What is left to refund of a card payment, when the server has said. */
  refundableCents?: number;
}) {
  const [voiding, setVoiding] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const voided = payment.voidedAt !== null;
  const line = paymentLine(payment, formatShortDate(payment.paidAt).replace(/^0/, ''));
  return (
    <li className="flex flex-col gap-1 px-3 py-2" data-voided={voided || undefined}>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2">
        <span className={voided ? 'tabular-nums text-muted-foreground line-through' : 'tabular-nums'}>
          {voided && <span className="sr-only">Voided: </span>}
          {line}
          {payment.isDeposit && <span className="text-muted-foreground"> · Deposit</span>}
          {payment.source === 'stripe' && <span className="text-muted-foreground"> · Stripe</span>}
        </span>
        {!voided && !voiding && !refunding && (
          <span className="flex gap-1">
            {isStripeRefundable(payment, refundableCents) && (
              <Button type="button" size="sm" variant="ghost" onClick={() => setRefunding(true)}>
                Refund
                <span className="sr-only"> {line}</span>
              </Button>
            )}
            <Button type="button" size="sm" variant="ghost" onClick={() => setVoiding(true)}>
              {PAYMENT_TEXTS.voidAction}
              <span className="sr-only"> {line}</span>
            </Button>
          </span>
        )}
      </div>
      {payment.note && <p className="break-words text-muted-foreground">{payment.note}</p>}
      {voided && <p className="break-words text-muted-foreground">Voided: {payment.voidReason}</p>}
      {dispute && <DisputeLine dispute={dispute} />}
      {voiding && <VoidForm payment={payment} onDone={() => setVoiding(false)} />}
      {refunding && refundableCents !== undefined && (
        <CardRefundForm payment={payment} refundableCents={refundableCents} onDone={() => setRefunding(false)} />
      )}
    </li>
  );
}

function VoidForm({ payment, onDone }: { payment: PaymentEntryAnswer; onDone: () => void }) {
  const voidIt = useVoidPayment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(VOID_REASON_REQUIRED);
    voidIt.mutate(
      { paymentId: payment.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: PAYMENT_TEXTS.voided });
          onDone();
        },
        onError: (e) => setError(serverMessage(e) ?? 'The payment could not be voided'),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-1 flex flex-col gap-2" aria-label={PAYMENT_TEXTS.voidTitle}>
      <p className="text-muted-foreground">{PAYMENT_TEXTS.voidHint}</p>
      <LabelledField label={PAYMENT_TEXTS.voidReason} error={error}>
        {(control) => <Input {...control} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />}
      </LabelledField>
      <FormFooter pending={voidIt.isPending} submitLabel="Void payment" onClose={onDone} compact destructive />
    </form>
  );
}

type Errors = Partial<Record<'amount' | 'note' | 'form', string>>;

function RecordPaymentForm({
  bookingId,
  owedCents,
  onDone,
}: {
  bookingId: number;
  owedCents: number;
  onDone: () => void;
}) {
  const record = useRecordPayment();
  const today = nzToday();
  const [amount, setAmount] = useState(owedCents > 0 ? (owedCents / 100).toFixed(2) : '');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [paidAt, setPaidAt] = useState(today);
  const [note, setNote] = useState('');
  const [refund, setRefund] = useState(false);
  const [overpaid, setOverpaid] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const refundId = useId();
  const overpaidId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDollars(amount);
    const next: Errors = {};
    if ('error' in parsed) next.amount = parsed.error;
    if (refund && !note.trim()) next.note = REFUND_NEEDS_REASON;
    setErrors(next);
    if ('error' in parsed || next.note) return;
    const cents = parsed.cents;
    record.mutate(
      {
        bookingId,
        amountCents: refund ? -cents : cents,
        method,
        paidAt,
        note: note.trim() || undefined,
        // The excess she says the client paid above what is owed; the server checks it to the cent.
        ...(!refund && overpaid ? { overpaymentCents: Math.max(0, cents - owedCents) } : {}),
      },
      {
        onSuccess: () => {
          toast({ title: refund ? PAYMENT_TEXTS.refunded : PAYMENT_TEXTS.recorded });
          onDone();
        },
        onError: (e) => setErrors({ form: serverMessage(e) ?? 'The payment could not be recorded' }),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={PAYMENT_TEXTS.record}
      className="flex flex-col gap-3 rounded-md border p-3"
    >
      <div className="flex items-center gap-3">
        <Switch id={refundId} checked={refund} onCheckedChange={setRefund} />
        <Label htmlFor={refundId}>{PAYMENT_TEXTS.refund}</Label>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <LabelledField label={refund ? 'Refund amount ($)' : PAYMENT_TEXTS.amount} error={errors.amount}>
          {(control) => (
            <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          )}
        </LabelledField>
        <LabelledField label={PAYMENT_TEXTS.method} error={undefined}>
          {(control) => (
            <select
              {...control}
              className={selectClass}
              value={method}
              onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <LabelledField label={PAYMENT_TEXTS.date} error={undefined}>
          {(control) => (
            <Input {...control} type="date" max={today} value={paidAt} onChange={(e) => setPaidAt(e.target.value)} />
          )}
        </LabelledField>
        <LabelledField label={refund ? PAYMENT_TEXTS.refundReason : PAYMENT_TEXTS.note} error={errors.note}>
          {(control) => <Input {...control} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />}
        </LabelledField>
      </div>
      {!refund && (
        <div className="flex items-center gap-3">
          <Checkbox id={overpaidId} checked={overpaid} onCheckedChange={(v) => setOverpaid(v === true)} />
          <Label htmlFor={overpaidId}>{PAYMENT_TEXTS.overpaid}</Label>
        </div>
      )}
      <FormFooter
        error={errors.form}
        pending={record.isPending}
        submitLabel={refund ? 'Record refund' : 'Save payment'}
        closeLabel="Close form"
        onClose={onDone}
      />
    </form>
  );
}
