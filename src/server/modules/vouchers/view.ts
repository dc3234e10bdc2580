/** A voucher as her list shows it (docs/product.md §18.5): what is left, and whether it can still be spent. */
import type { AdminVoucher } from '@shared/schemas/vouchers';
import { voucherStatus } from '@shared/vouchers';
import { serviceLabelOf } from './issue';
import type { VoucherWithUse } from './repository';

export function adminVoucherOf(v: VoucherWithUse, today: string): AdminVoucher {
  const balanceCents = v.valueCents - v.usedCents;
  return {
    id: v.id,
    codeHint: v.codeHint!,
    valueCents: v.valueCents,
    usedCents: v.usedCents,
    balanceCents,
    status: voucherStatus(balanceCents, v.expiresOn!, today),
    serviceLabel: serviceLabelOf(v),
    buyerName: v.buyerName,
    buyerEmail: v.buyerEmail,
    recipientName: v.recipientName,
    recipientEmail: v.recipientEmail,
    channel: v.channel,
    saleMethod: v.saleMethod,
    soldOn: v.soldOn!,
    expiresOn: v.expiresOn!,
    sendOn: v.sendOn,
  };
}
