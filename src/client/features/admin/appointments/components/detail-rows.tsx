import { cn } from '@/lib/utils';
import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
  strong?: boolean;
}

/**
 * A label/value list: two columns even on a phone, values wrapping where they must (long
 * e-mails, addresses). `compact` is for short labels (Client, Email, Date, Time).
 */
export function DetailRows({ rows, compact = false }: { rows: DetailRow[]; compact?: boolean }) {
  return (
    <dl
      className={cn(
        'grid gap-x-3 gap-y-2 text-sm [overflow-wrap:anywhere]',
        compact
          ? 'grid-cols-[4rem_minmax(0,1fr)]'
          : 'grid-cols-[6.5rem_minmax(0,1fr)] sm:grid-cols-[8rem_minmax(0,1fr)]',
      )}
    >
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className={row.strong ? 'font-semibold' : 'font-medium'}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 border-t pt-4">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}
