/**
 * 'Have a gift voucher?' on the booking's page (docs/product.md §18.5): the client enters the code; it pays what the
 * visit owes, up to what is left on it, when the therapist confirms the visit, and the rest stays on the voucher. Once
 * given, the page says what it takes (or took).
 */
import { Gift } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatCents } from '@shared/money';
import type { BookingVoucher } from '@shared/schemas/vouchers';
import { validUntilText } from '@shared/vouchers';
import { VoucherCodeField } from '@/components/voucher-code-field';
import { ApiError } from '@/lib/api';
import { useBookingVoucher, useGiveBookingVoucher } from '../api/booking-voucher';

export const GIFT_VOUCHER_TEXTS = {
  title: 'Have a gift voucher?',
  lead: 'Enter its code: it pays for this visit when it is confirmed, and anything left stays on the voucher.',
  code: 'Voucher code',
  use: 'Use voucher',
  failed: 'The voucher could not be added. Please try again.',
} as const;

function describe(v: BookingVoucher): string {
  const left = v.balanceAfterCents > 0 ? ` ${formatCents(v.balanceAfterCents)} stays on it.` : '';
  return v.state === 'used'
    ? `Gift voucher …${v.codeHint}: ${formatCents(v.amountCents)} paid towards this visit.${left}`
    : `Gift voucher …${v.codeHint}: ${formatCents(v.amountCents)} will be taken when your visit is confirmed.${left}`;
}

export function GiftVoucherEntry({ token }: { token: string }) {
  const given = useBookingVoucher(token);
  const give = useGiveBookingVoucher(token);
  const [code, setCode] = useState('');
  const voucher = given.data?.voucher;
  if (given.isPending || given.isError) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) give.mutate(code.trim());
  };
  const error =
    give.error instanceof ApiError && give.error.body
      ? give.error.body.message
      : give.error
        ? GIFT_VOUCHER_TEXTS.failed
        : undefined;

  return (
    <section aria-labelledby="gift-voucher-title" className="rounded-md border p-4">
      <h2 id="gift-voucher-title" className="flex items-center gap-2 text-base font-semibold">
        <Gift className="size-4 text-primary" aria-hidden />
        {GIFT_VOUCHER_TEXTS.title}
      </h2>
      {voucher ? (
        <p role="status" className="mt-2 text-sm">
          {describe(voucher)}{' '}
          <span className="mt-1 block text-muted-foreground">{validUntilText(voucher.expiresOn)}.</span>
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="mt-2 grid gap-3">
          <p className="text-sm text-muted-foreground">{GIFT_VOUCHER_TEXTS.lead}</p>
          <VoucherCodeField
            label={GIFT_VOUCHER_TEXTS.code}
            submitLabel={GIFT_VOUCHER_TEXTS.use}
            value={code}
            onChange={setCode}
            error={error}
            pending={give.isPending}
          />
        </form>
      )}
    </section>
  );
}
