/**
 * The deposit on the visitor's pages (docs/product.md §18.2): on 'Booking Request Received!' how to pay
 * it (amount, 'Bank transfer to …', 'Reference HV…', the due time in NZ time); once paid, that it arrived. The
 * words are the e-mail's (src/shared/deposits.ts); every figure is the server's. With card payments on (decision 037,
 * decision 037) the box offers one choice: the card first ('Pay the $20.00 deposit by card', Stripe's checkout),
 * then the bank transfer as the alternative with the same reference.
 */
import { Landmark } from 'lucide-react';
import { cardDepositTexts } from '@shared/card-payments';
import { depositTexts } from '@shared/deposits';
import type { BookingDeposit } from '@shared/schemas/deposit';
import { formatNzDateTime } from '@/lib/format';
import { DepositCardPart, useDepositByCard } from './card-pay';
import { PaymentBox } from './payment-box';

export function DepositInstructions({
  deposit,
  cancelling = false,
  token,
}: {
  deposit: BookingDeposit | null | undefined;
  /** On the cancel page: what becomes of the deposit rather than how to pay it. */
  cancelling?: boolean;
  /** The booking's token: with card payments on, the deposit may be paid by card. */
  token?: string;
}) {
  if (!deposit) return null;
  if (cancelling) {
    return (
      <p className="rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
        {deposit.status === 'received'
          ? depositTexts.willBeRefunded(deposit.amountCents)
          : deposit.status === 'waiting'
            ? depositTexts.cancelWaiting(deposit.amountCents)
            : deposit.status === 'kept'
              ? depositTexts.kept(deposit.amountCents)
              : depositTexts.refunded(deposit.amountCents)}
      </p>
    );
  }
  return (
    <PaymentBox icon={Landmark} title={depositTexts.heading}>
      {deposit.status === 'waiting' ? (
        <WaitingDeposit deposit={deposit} token={token} />
      ) : (
        <p>
          {deposit.status === 'received'
            ? depositTexts.received(deposit.amountCents)
            : deposit.status === 'kept'
              ? depositTexts.kept(deposit.amountCents)
              : depositTexts.refunded(deposit.amountCents)}
        </p>
      )}
    </PaymentBox>
  );
}

function WaitingDeposit({ deposit, token }: { deposit: BookingDeposit; token: string | undefined }) {
  const card = useDepositByCard(token);
  const due = formatNzDateTime(deposit.dueBy);
  const dueLine = due && <p>{depositTexts.due(deposit.dueHours, `${due} (NZ time)`, deposit.dueBeforeVisit)}</p>;
  const bank = (
    <>
      {/* The account number is never broken at its dashes (it is read and typed as one). */}
      <p className="font-medium break-words">
        {depositTexts.account('').trimEnd()} <span className="whitespace-nowrap">{deposit.bankAccount}</span>
      </p>
      <p className="font-medium">
        Reference <span className="font-mono tracking-wider">{deposit.reference}</span>
      </p>
    </>
  );
  if (!card) {
    return (
      <>
        <p>{depositTexts.intro(deposit.amountCents)}</p>
        {bank}
        {dueLine}
      </>
    );
  }
  return (
    <>
      <p>{cardDepositTexts.intro(deposit.amountCents)}</p>
      {dueLine}
      <div className="mt-1 flex flex-col gap-2">
        <DepositCardPart checkout={card} />
      </div>
      <div className="mt-2 flex flex-col gap-2 border-t border-primary/20 pt-3">
        <h4 className="font-semibold">{cardDepositTexts.orBankTransfer}</h4>
        {bank}
      </div>
    </>
  );
}
