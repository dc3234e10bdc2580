/**
 * Paying by card on the booking's page (docs/decisions/037-card-payments.md). The deposit still due is paid
 * from the Deposit box itself (`DepositByCard`: card first, bank transfer the alternative); the balance from its own
 * box (`CardPay`) when she sent a 'Pay now' link (`?pay=balance`) or the visit has started. Each button asks the
 * server for a Stripe Checkout page for the amount owed now and goes there; back with `?paid=…`, the page says thank
 * you and looks again until the payment Stripe confirmed shows. Nothing shows without card payments set up.
 */
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Loader2, Lock } from 'lucide-react';
import { useEffect } from 'react';
import { cardDepositTexts, cardPayTexts } from '@shared/card-payments';
import type { PayPurpose } from '@shared/schemas/card-payments';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useCardPayable } from '../api/get-card-payable';
import { useStartCardPayment } from '../api/start-card-payment';
import { PaymentBox } from './payment-box';

/** `?pay=balance` / `?paid=deposit` of the page's address. */
function searchParam(name: string): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get(name);
}

const DUE_KEY: Record<PayPurpose, 'depositCents' | 'balanceCents'> = {
  deposit: 'depositCents',
  balance: 'balanceCents',
};

/**
 * What may be paid by card now (null: cards are off or not known yet), whether the client is back from paying
 * `purpose` and waiting for Stripe's confirmation, and the button's action. Back from Stripe, it looks again every
 * 3 s until that amount is settled, then refreshes the booking (the Deposit box then says it arrived).
 */
function useCardCheckout(token: string, purpose: PayPurpose) {
  const paidThis = searchParam('paid') === purpose;
  const queryClient = useQueryClient();
  const payable = useCardPayable(token, { refetchInterval: paidThis ? 3000 : false });
  const start = useStartCardPayment();
  const settled = paidThis && payable.data?.[DUE_KEY[purpose]] === 0;
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: ['/api/bookings/token', token], exact: true });
  }, [settled, queryClient, token]);
  const failure = start.error
    ? (start.error instanceof ApiError && start.error.body?.message) ||
      'The card payment could not be started: please try again'
    : null;
  return {
    data: payable.data ?? null,
    paidThis,
    busy: start.isPending || start.isSuccess,
    failure,
    pay: () => start.mutate({ token, purpose }, { onSuccess: ({ url }) => window.location.assign(url) }),
  };
}

function PayButton({ busy, onClick, label }: { busy: boolean; onClick: () => void; label: string }) {
  return (
    <Button
      type="button"
      className="h-auto min-h-10 self-start whitespace-normal text-left"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy ? <Loader2 className="animate-spin" aria-hidden /> : <CreditCard aria-hidden />}
      {label}
    </Button>
  );
}

const SecureNote = ({ text }: { text: string }) => (
  <p className="flex items-start gap-2 text-muted-foreground">
    <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
    <span>{text}</span>
  </p>
);

const Thanks = () => (
  <p role="status" className="font-medium">
    {cardPayTexts.paidThanks}
  </p>
);

const Failure = ({ message }: { message: string | null }) =>
  message ? (
    <p role="alert" className="font-medium text-destructive">
      {message}
    </p>
  ) : null;

export type CardCheckout = ReturnType<typeof useCardCheckout>;

/**
 * A waiting deposit paid by card: the checkout when the deposit can be paid by card now, or the client is back from
 * paying it; `null` when cards are off (or not known yet), and the Deposit box shows the bank transfer alone.
 */
export function useDepositByCard(token: string | undefined): CardCheckout | null {
  const checkout = useCardCheckout(token ?? '', 'deposit');
  if (!token || !checkout.data) return null;
  return checkout.data.depositCents > 0 || checkout.paidThis ? checkout : null;
}

/** The Deposit box's card part: 'Pay the $20.00 deposit by card' with Stripe's checkout named, or the thanks. */
export function DepositCardPart({ checkout }: { checkout: CardCheckout }) {
  if (checkout.paidThis) return <Thanks />;
  return (
    <>
      <PayButton
        busy={checkout.busy}
        onClick={checkout.pay}
        label={cardDepositTexts.button(checkout.data?.depositCents ?? 0)}
      />
      <SecureNote text={cardDepositTexts.secure} />
      <Failure message={checkout.failure} />
    </>
  );
}

/** The balance by card: after her 'Pay now' link (`?pay=balance`) or once the visit has started. */
export function CardPay({ token, started }: { token: string; started: boolean }) {
  const checkout = useCardCheckout(token, 'balance');
  const data = checkout.data;
  if (!data) return null;
  // A deposit still due is paid from the Deposit box: the balance is offered once it is not.
  const offer = (searchParam('pay') === 'balance' || started) && data.depositCents === 0 && data.balanceCents > 0;
  if (!offer && !checkout.paidThis) return null;
  return (
    <PaymentBox icon={CreditCard} title={cardPayTexts.balanceHeading}>
      {checkout.paidThis && <Thanks />}
      {offer && !checkout.paidThis && (
        <>
          <p>{cardPayTexts.balanceIntro(data.balanceCents)}</p>
          <PayButton
            busy={checkout.busy}
            onClick={checkout.pay}
            label={cardPayTexts.balanceButton(data.balanceCents)}
          />
          <SecureNote text={cardPayTexts.balanceSecure} />
        </>
      )}
      <Failure message={checkout.failure} />
    </PaymentBox>
  );
}
