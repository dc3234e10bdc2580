/** From the md breakpoint up: the clients as a table, the name a link to their page. */
import { Link } from 'wouter';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ClientRowView } from '../client-view';
import { PossibleMatchBadge } from '../../shared/components/possible-match-badge';
import { TEXTS } from '../texts';
import { AlertBadges } from './alert-badges';

export function ClientTable({ rows }: { rows: readonly ClientRowView[] }) {
  return (
    <Table aria-label={TEXTS.listLabel}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Name</TableHead>
          <TableHead>Contact</TableHead>
          <TableHead>Suburb</TableHead>
          <TableHead className="text-right">Visits</TableHead>
          <TableHead>Last visit</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="max-w-64">
              <Link
                href={row.href}
                className="font-medium break-words text-primary underline-offset-4 hover:underline focus-visible:underline"
              >
                {row.name}
              </Link>
              <PossibleMatchBadge match={row.possibleMatch} className="mt-1.5" />
              <AlertBadges alerts={row.alerts} className="mt-1.5" />
            </TableCell>
            <TableCell className="max-w-72">
              <p className="break-words">{row.email}</p>
              <p className="text-muted-foreground tabular-nums">{row.phone}</p>
            </TableCell>
            <TableCell>{row.suburb ?? <span className="text-muted-foreground">-</span>}</TableCell>
            <TableCell className="text-right tabular-nums">{row.visits}</TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {row.lastVisit ?? <span className="text-muted-foreground">{TEXTS.never}</span>}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
