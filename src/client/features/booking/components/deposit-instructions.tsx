/**
 * The deposit on the visitor's pages (issue 27, docs/product.md §18.2): on 'Booking Request Received!' how to pay
 * it (amount, 'Bank transfer to …', 'Reference HV…', the due time in NZ time); once paid, that it arrived. The
 * words are the e-mail's (src/shared/deposits.ts); every figure is the server's.
 */
import { Landmark } from 'lucide-react';
import { depositTexts } from '@shared/deposits';
import type { BookingDeposit } from '@shared/schemas/deposit';
import { formatNzDateTime } from '@/lib/format';

export function DepositInstructions({
  deposit,
  cancelling = false,
}: {
  deposit: BookingDeposit | null | undefined;
  /** On the cancel page: what becomes of the deposit rather than how to pay it. */
  cancelling?: boolean;
}) {
  if (!deposit) return null;
  const due = formatNzDateTime(deposit.dueBy);
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
    <section
      aria-labelledby="deposit-heading"
      className="space-y-2 rounded-md border border-primary/30 bg-primary/5 p-4 text-sm"
    >
      <h3 id="deposit-heading" className="flex items-center gap-2 text-base font-semibold">
        <Landmark className="size-4 shrink-0 text-primary" aria-hidden />
        {depositTexts.heading}
      </h3>
      {deposit.status === 'waiting' ? (
        <>
          <p>{depositTexts.intro(deposit.amountCents)}</p>
          <p className="font-medium break-words">{depositTexts.account(deposit.bankAccount)}</p>
          <p className="font-medium">
            Reference <span className="font-mono tracking-wider">{deposit.reference}</span>
          </p>
          {due && <p>{depositTexts.due(deposit.dueHours, `${due} (NZ time)`, deposit.dueBeforeVisit)}</p>}
        </>
      ) : (
        <p>
          {deposit.status === 'received'
            ? depositTexts.received(deposit.amountCents)
            : deposit.status === 'kept'
              ? depositTexts.kept(deposit.amountCents)
              : depositTexts.refunded(deposit.amountCents)}
        </p>
      )}
    </section>
  );
}
