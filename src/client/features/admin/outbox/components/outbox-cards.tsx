/** Below the lg breakpoint: one card per e-mail or text, nothing wider than the phone. */
import { ChannelLabel, LastError, ResendButton, StateBadge, type OutboxListProps } from './outbox-parts';

export function OutboxCards({ rows, busyId, onResend, onDecide }: OutboxListProps) {
  return (
    <ul aria-label="Messages" className="divide-y">
      {rows.map((row) => (
        <li
          key={row.id}
          aria-labelledby={`outbox-${row.id}-subject`}
          className="space-y-2 py-4 text-sm first:pt-0 last:pb-0"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 space-y-1">
              <ChannelLabel row={row} />
              <h3 id={`outbox-${row.id}-subject`} className="font-semibold break-words">
                {row.subject}
              </h3>
              <p className="text-muted-foreground [overflow-wrap:anywhere]">To {row.to}</p>
            </div>
            <StateBadge row={row} className="shrink-0" />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Kind</dt>
            <dd>{row.kind}</dd>
            <dt className="text-muted-foreground">Queued</dt>
            <dd className="tabular-nums">{row.queued}</dd>
            <dt className="text-muted-foreground">Delivery</dt>
            <dd className="tabular-nums">{row.detail}</dd>
            <dt className="text-muted-foreground">Attempts</dt>
            <dd className="tabular-nums">{row.attempts}</dd>
          </dl>
          {row.lastError && (
            <div className="rounded-md border border-red-300 bg-red-50 p-2 dark:border-red-900 dark:bg-red-950/40">
              <p className="text-xs font-medium text-muted-foreground">Last error</p>
              <LastError text={row.lastError} />
            </div>
          )}
          <ResendButton row={row} busy={busyId === row.id} onResend={onResend} onDecide={onDecide} className="w-full" />
        </li>
      ))}
    </ul>
  );
}
