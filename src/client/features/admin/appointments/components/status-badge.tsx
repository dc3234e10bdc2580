import type { BookingStatus } from '@shared/constants';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/** docs/product.md §2: confirmed green, pending amber, cancelled red (soft tints, readable in both themes). */
const TONES: Record<BookingStatus, string> = {
  confirmed: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  pending: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  cancelled: 'border-transparent bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  rejected: 'border-transparent bg-secondary text-secondary-foreground',
};

export function StatusBadge({ status, className }: { status: BookingStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(TONES[status], className)}>
      {LABELS[status]}
    </Badge>
  );
}
