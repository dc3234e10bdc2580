/**
 * The deposit on her pending card (docs/product.md §18.2): 'Deposit: waiting', 'Deposit: overdue' after
 * DEPOSIT_DUE_HOURS, 'Deposit: received'. The status and the amount are the server's; a request without a deposit
 * shows nothing. She decides either way: an overdue deposit never rejects the request.
 */
import { ADMIN_DEPOSIT_LABELS, type AdminDepositStatus } from '@shared/deposits';
import { formatCents } from '@shared/money';
import { Badge } from '@/components/ui/badge';

const VARIANTS = {
  waiting: 'secondary',
  overdue: 'warning',
  received: 'success',
  kept: 'secondary',
  refunded: 'secondary',
} as const satisfies Record<AdminDepositStatus, string>;

export function DepositBadge({
  status,
  amountCents,
  reference,
}: {
  status: AdminDepositStatus | null | undefined;
  amountCents: number | undefined;
  reference: string | null | undefined;
}) {
  if (!status || !amountCents) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <Badge variant={VARIANTS[status]}>{ADMIN_DEPOSIT_LABELS[status]}</Badge>
      <span className="text-muted-foreground tabular-nums">
        {formatCents(amountCents)}
        {reference ? <>, ref {reference}</> : null}
      </span>
    </p>
  );
}
