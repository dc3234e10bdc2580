/**
 * 'Pay by card' on the booking's page (issue 41, docs/decisions/037-card-payments.md): the deposit still due, or the
 * balance when she sent a 'Pay now' link (`?pay=balance`) or the visit has started. The button asks the server for a
 * Stripe Checkout page for the amount owed now and goes there; back with `?paid=…`, the page says thank you and
 * looks again until the payment Stripe confirmed shows. Nothing shows without card payments set up.
 */
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { cardPayTexts } from '@shared/card-payments';
import type { PayPurpose } from '@shared/schemas/card-payments';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useCardPayable } from '../api/get-card-payable';
import { useStartCardPayment } from '../api/start-card-payment';

/** `?pay=balance` / `?paid=deposit` of the page's address. */
function searchParam(name: string): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get(name);
}

export function CardPay({ token, started }: { token: string; started: boolean }) {
  const paid = searchParam('paid');
  const queryClient = useQueryClient();
  // Back from Stripe: the webhook usually lands within seconds; look again until nothing is left to pay.
  const payable = useCardPayable(token, { refetchInterval: paid ? 3000 : false });
  const start = useStartCardPayment();
  const settled =
    paid !== null && payable.data && payable.data[paid === 'balance' ? 'balanceCents' : 'depositCents'] === 0;
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: ['/api/bookings/token', token], exact: true });
  }, [settled, queryClient, token]);

  const data = payable.data;
  if (!data) return null;
  const offerBalance = searchParam('pay') === 'balance' || started;
  const purpose: PayPurpose | null =
    data.depositCents > 0 ? 'deposit' : offerBalance && data.balanceCents > 0 ? 'balance' : null;
  if (!purpose && !paid) return null;

  const pay = (p: PayPurpose) =>
    start.mutate(
      { token, purpose: p },
      {
        onSuccess: ({ url }) => window.location.assign(url),
      },
    );
  const failure = start.error
    ? (start.error instanceof ApiError && start.error.body?.message) ||
      'The card payment could not be started: please try again'
    : null;

  return (
    <section
      aria-labelledby="card-pay-heading"
      className="flex flex-col gap-3 rounded-md border border-primary/40 bg-primary/5 p-4 text-sm"
    >
      <h3 id="card-pay-heading" className="flex items-center gap-2 text-base font-semibold">
        <CreditCard className="size-4 shrink-0 text-primary" aria-hidden />
        {purpose === 'balance' ? cardPayTexts.balanceHeading : 'Pay by card'}
      </h3>
      {paid && (
        <p role="status" className="font-medium">
          {cardPayTexts.paidThanks}
        </p>
      )}
      {purpose === 'deposit' && <p>{cardPayTexts.orByCard}</p>}
      {purpose === 'balance' && <p>{cardPayTexts.balanceIntro(data.balanceCents)}</p>}
      {purpose && (
        <Button
          type="button"
          className="self-start"
          disabled={start.isPending || start.isSuccess}
          aria-busy={start.isPending || undefined}
          onClick={() => pay(purpose)}
        >
          {start.isPending || start.isSuccess ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <CreditCard aria-hidden />
          )}
          {purpose === 'deposit'
            ? cardPayTexts.depositButton(data.depositCents)
            : cardPayTexts.balanceButton(data.balanceCents)}
        </Button>
      )}
      {failure && (
        <p role="alert" className="font-medium text-destructive">
          {failure}
        </p>
      )}
    </section>
  );
}
