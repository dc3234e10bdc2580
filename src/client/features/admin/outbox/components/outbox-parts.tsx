/** Pieces the table and the phone cards share: the state badge with its line, the error, the button. */
import { Loader2, Mail, MessageSquareText, RotateCw, Send, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ACTION_LABELS, type OutboxRowView } from '../outbox-view';
import { TEXTS } from '../texts';

/** Her choice on a held e-mail (docs/product.md §2 "Outbox"). */
export type HeldChoice = 'send' | 'discard';

export interface OutboxListProps {
  rows: OutboxRowView[];
  /** The row whose resend (or Send/Discard) is on its way, if any. */
  busyId: number | null;
  onResend: (row: OutboxRowView) => void;
  onDecide: (row: OutboxRowView, choice: HeldChoice) => void;
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

/** How the message goes (decision 037): an icon and its word, so it reads without colour or the icon. */
export function ChannelLabel({ row, className }: { row: OutboxRowView; className?: string }) {
  const Icon = row.isText ? MessageSquareText : Mail;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        row.isText
          ? 'border-violet-300 bg-violet-50 text-violet-900 dark:border-violet-800 dark:bg-violet-950/50 dark:text-violet-100'
          : 'border-border bg-muted text-foreground',
        className,
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {row.channel}
    </span>
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

/** The SMTP or SMS provider's error, as the worker recorded it (up to 1000 characters). */
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
  onDecide,
  className,
}: {
  row: OutboxRowView;
  busy: boolean;
  onResend: (row: OutboxRowView) => void;
  onDecide: (row: OutboxRowView, choice: HeldChoice) => void;
  className?: string;
}) {
  if (!row.action) return null;
  if (row.action === 'decide') return <HeldButtons row={row} busy={busy} onDecide={onDecide} className={className} />;
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

/** Send or Discard one held e-mail (docs/product.md §2 "Outbox"): each names its e-mail to screen readers. */
function HeldButtons({
  row,
  busy,
  onDecide,
  className,
}: {
  row: OutboxRowView;
  busy: boolean;
  onDecide: (row: OutboxRowView, choice: HeldChoice) => void;
  className?: string;
}) {
  const which = (
    <span className="sr-only">
      {' '}
      &ldquo;{row.subject}&rdquo; to {row.to}
    </span>
  );
  return (
    <div className={cn('flex flex-wrap justify-end gap-2', className)}>
      <Button type="button" size="sm" disabled={busy} onClick={() => onDecide(row, 'send')} className="flex-1">
        {busy ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden /> : <Send aria-hidden />}
        {TEXTS.send}
        {which}
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() => onDecide(row, 'discard')}
        className="flex-1"
      >
        <Trash2 aria-hidden />
        {TEXTS.discard}
        {which}
      </Button>
    </div>
  );
}
