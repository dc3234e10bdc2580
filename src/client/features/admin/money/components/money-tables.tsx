/** The tables under the chart: income by month (the chart's figures), by service, and the GST return periods. */
import { monthLabel, nzNumericDate } from '@shared/money-periods';
import { formatCents } from '@shared/money';
import type { MoneySummary } from '@shared/schemas/money';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { TEXTS } from '../texts';

const num = 'text-right tabular-nums';

export function MonthTable({ summary }: { summary: MoneySummary }) {
  return (
    <Table aria-label={TEXTS.byMonth}>
      <TableHeader>
        <TableRow>
          <TableHead>{TEXTS.month}</TableHead>
          <TableHead className="text-right">{TEXTS.received}</TableHead>
          <TableHead className="text-right">{TEXTS.refunds}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {summary.byMonth.map((m) => (
          <TableRow key={m.month}>
            <TableCell>{monthLabel(m.month)}</TableCell>
            <TableCell className={num}>{formatCents(m.receivedCents)}</TableCell>
            <TableCell className={num}>{m.refundedCents ? formatCents(m.refundedCents) : '-'}</TableCell>
          </TableRow>
        ))}
        <TableRow className="font-semibold">
          <TableCell>Total</TableCell>
          <TableCell className={num}>{formatCents(summary.receivedCents)}</TableCell>
          <TableCell className={num}>{summary.refundedCents ? formatCents(summary.refundedCents) : '-'}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

export function ServiceTable({ summary }: { summary: MoneySummary }) {
  if (summary.byService.length === 0) return <p className="text-sm text-muted-foreground">{TEXTS.noIncome}</p>;
  return (
    <Table aria-label={TEXTS.byService}>
      <TableHeader>
        <TableRow>
          <TableHead>{TEXTS.service}</TableHead>
          <TableHead className="text-right">{TEXTS.visits}</TableHead>
          <TableHead className="text-right">{TEXTS.received}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {summary.byService.map((s) => (
          <TableRow key={s.service}>
            <TableCell>{s.service}</TableCell>
            <TableCell className={num}>{s.visits}</TableCell>
            <TableCell className={num}>{formatCents(s.receivedCents)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function GstTable({ summary }: { summary: MoneySummary }) {
  return (
    <Table aria-label={TEXTS.gstPeriods}>
      <TableHeader>
        <TableRow>
          <TableHead>Period</TableHead>
          <TableHead className="text-right">{TEXTS.takings}</TableHead>
          <TableHead className="text-right">GST</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {summary.gstPeriods.map((p) => (
          <TableRow key={p.from}>
            <TableCell>
              {nzNumericDate(p.from)} - {nzNumericDate(p.to)}
            </TableCell>
            <TableCell className={num}>{formatCents(p.takingsCents)}</TableCell>
            <TableCell className={num}>{formatCents(p.gstCents)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
