/**
 * From the lg breakpoint up: the e-mails and texts as a table, newest first. The channel and kind sit under the
 * subject (a text's words) and recipient so the message column keeps room on a 1366 px screen.
 */
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ChannelLabel, LastError, ResendButton, StateCell, type OutboxListProps } from './outbox-parts';

export function OutboxTable({ rows, busyId, onResend, onDecide }: OutboxListProps) {
  return (
    <Table aria-label="Messages" className="table-fixed">
      <colgroup>
        <col className="w-36" />
        <col />
        <col className="w-44" />
        <col className="w-24" />
        <col className="w-52" />
        <col className="w-40" />
      </colgroup>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Queued</TableHead>
          <TableHead>Message</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Attempts</TableHead>
          <TableHead>Last error</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="whitespace-nowrap text-muted-foreground tabular-nums">{row.queued}</TableCell>
            <TableCell className="space-y-0.5">
              <p className="font-medium break-words">{row.subject}</p>
              <p className="text-muted-foreground [overflow-wrap:anywhere]">To {row.to}</p>
              <p className="flex flex-wrap items-center gap-2 pt-0.5 text-xs text-muted-foreground">
                <ChannelLabel row={row} />
                <span>
                  <span className="sr-only">Kind: </span>
                  {row.kind}
                </span>
              </p>
            </TableCell>
            <TableCell>
              <StateCell row={row} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{row.attempts}</TableCell>
            <TableCell>
              {row.lastError ? (
                <LastError text={row.lastError} className="line-clamp-4" />
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell className="text-right">
              <ResendButton row={row} busy={busyId === row.id} onResend={onResend} onDecide={onDecide} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
