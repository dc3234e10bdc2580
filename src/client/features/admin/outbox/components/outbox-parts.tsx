/** Pieces the table and the phone cards share: the state badge with its line, the error, the button. */
import { Loader2, RotateCw, Send } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ACTION_LABELS, type OutboxRowView } from '../outbox-view';

export interface OutboxListProps {
  rows: OutboxRowView[];
  /** The row whose resend is on its way, if any. */
  busyId: number | null;
  onResend: (row: OutboxRowView) => void;
}

/**
 * The kit's destructive badge (white on the theme's red) reads at 3:1 in the dark theme; 'Failed'
 * uses the same soft tint as the success and warning badges instead, readable in both themes.
 */
const FAILED_TINT = 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100';

export function StateBadge({ row, className }: { row: OutboxRowView; className?: string }) {
  return (
    <Badge variant={row.badge.variant} className={cn(row.badge.variant === 'destructive' && FAILED_TINT, className)}>
      {row.badge.label}
    </Badge>
  );
}

export function StateCell({ row, className }: { row: OutboxRowView; className?: string }) {
  return (
    <div className={cn('flex flex-col items-start gap-1', className)}>
      <StateBadge row={row} />
      <span className="text-xs text-muted-foreground tabular-nums">{row.detail}</span>
    </div>
  );
}

/** The SMTP error, as the worker recorded it (up to 1000 characters). */
export function LastError({ text, className }: { text: string; className?: string }) {
  return (
    <p
      className={cn('font-mono text-xs break-words text-red-800 [overflow-wrap:anywhere] dark:text-red-300', className)}
    >
      {text}
    </p>
  );
}

export function ResendButton({
  row,
  busy,
  onResend,
  className,
}: {
  row: OutboxRowView;
  busy: boolean;
  onResend: (row: OutboxRowView) => void;
  className?: string;
}) {
  if (!row.action) return null;
  const Icon = row.action === 'resend' ? Send : RotateCw;
  return (
    <Button
      type="button"
      size="sm"
      variant={row.action === 'resend' ? 'default' : 'outline'}
      disabled={busy}
      onClick={() => onResend(row)}
      className={className}
    >
      {busy ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden /> : <Icon aria-hidden />}
      {ACTION_LABELS[row.action]}
      <span className="sr-only">
        {' '}
        &ldquo;{row.subject}&rdquo; to {row.to}
      </span>
    </Button>
  );
}
