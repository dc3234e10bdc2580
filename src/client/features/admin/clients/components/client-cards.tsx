/** Below the md breakpoint: one card per client, the name a link to their page. */
import { Link } from 'wouter';
import type { ClientRowView } from '../client-view';
import { PossibleMatchBadge } from '../../shared/components/possible-match-badge';
import { TEXTS } from '../texts';
import { AlertBadges } from './alert-badges';

export function ClientCards({ rows }: { rows: readonly ClientRowView[] }) {
  return (
    <ul aria-label={TEXTS.listLabel} className="divide-y">
      {rows.map((row) => (
        <li key={row.id} className="space-y-2 py-4 text-sm first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h3 className="min-w-0 text-base font-semibold break-words">
              <Link href={row.href} className="text-primary underline-offset-4 hover:underline focus-visible:underline">
                {row.name}
              </Link>
            </h3>
            {row.suburb && <p className="text-muted-foreground">{row.suburb}</p>}
          </div>
          <PossibleMatchBadge match={row.possibleMatch} />
          <AlertBadges alerts={row.alerts} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">E-mail</dt>
            <dd className="min-w-0 break-words">{row.email}</dd>
            <dt className="text-muted-foreground">Phone</dt>
            <dd className="tabular-nums">{row.phone}</dd>
            <dt className="text-muted-foreground">Visits</dt>
            <dd className="tabular-nums">{row.visits}</dd>
            <dt className="text-muted-foreground">Last visit</dt>
            <dd className="tabular-nums">{row.lastVisit ?? TEXTS.never}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
