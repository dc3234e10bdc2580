/** A visit's Paid / Part-paid / Unpaid badge (docs/product.md §18.1), from the balance the server sends. */
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@shared/payments';
import { Badge } from '@/components/ui/badge';
import { PAYMENT_BADGE_TONES } from '../payment-view';

export function PaymentBadge({ status, className }: { status: PaymentStatus; className?: string }) {
  return (
    <Badge variant={PAYMENT_BADGE_TONES[status]} className={className} data-payment-status={status}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
