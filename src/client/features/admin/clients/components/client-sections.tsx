/** The client page's read-only sections: Addresses used, Totals and Visits (docs/product.md §12). */
import { NotebookPen, Repeat } from 'lucide-react';
import { memo, startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ClientDetail } from '@shared/schemas/client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { newestFirst, formatClientDate, owedRow, totalsRows, visitView } from '../client-view';
import { OutcomeBadge } from '../../shared/components/outcome-badge';
import { PaymentBadge } from '../../shared/components/payment-badge';
import { balanceLine, showsPaymentBadge } from '../../shared/payment-view';
import { SeriesDialog, type SeriesOrigin } from '../../shared/components/series-dialog';
import { VisitNotesDialogFor, type VisitNotesTarget } from '../../shared/components/visit-notes-dialog';
import { useNow } from '../../shared/use-now';
import { visitHasStarted } from '../../shared/visit-notes-view';

/** One titled card of the client page; `actions` sit beside the title. */
export function ClientSection({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function AddressesSection({ addresses }: { addresses: ClientDetail['addresses'] }) {
  return (
    <ClientSection id="client-addresses" title="Addresses used">
      {addresses.length === 0 ? (
        <p className="text-sm text-muted-foreground">No addresses yet.</p>
      ) : (
        <ul className="space-y-3 text-sm">
          {addresses.map((address) => (
            <li key={address.address}>
              <p className="break-words">{address.address}</p>
              <p className="text-muted-foreground">
                {address.bookings} {address.bookings === 1 ? 'booking' : 'bookings'}, last{' '}
                {formatClientDate(address.lastUsedOn)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ClientSection>
  );
}

export function TotalsSection({ totals, owedCents }: { totals: ClientDetail['totals']; owedCents?: number }) {
  // What the visits held still owe (docs/product.md §18.1), computed by the server.
  const rows = [...totalsRows(totals), ...(owedCents === undefined ? [] : [owedRow(owedCents)])];
  return (
    <ClientSection id="client-totals" title="Totals">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {rows.map((row) => (
          <div key={row.label} className="rounded-md bg-muted/50 p-3">
            <dt className="text-xs font-medium text-muted-foreground">{row.label}</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
    </ClientSection>
  );
}

/** Rows of Visits drawn with the rest of the page; more than a phone's screen (6rem each) shows. */
const FIRST_ROWS = 30;

/**
 * How many rows to draw: all of a short list; of a long one the first FIRST_ROWS with the page, then all of them
 * once the browser is idle, as a transition (React draws them in slices and the page stays responsive). The page's
 * heading and first screen paint without waiting for rows no one sees yet (docs/product.md §12: 200 visits); the list
 * ends the same.
 */
function useAllRowsSoon(total: number): number {
  const [all, setAll] = useState(total <= FIRST_ROWS);
  useEffect(() => {
    if (all) return;
    const showAll = () => startTransition(() => setAll(true));
    // Safari (her phone) has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(showAll, { timeout: 500 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(showAll, 50);
    return () => window.clearTimeout(timer);
  }, [all]);
  return all ? total : FIRST_ROWS;
}

type VisitRowView = ReturnType<typeof visitView> & { visit: ClientDetail['visits'][number] };

/**
 * Visits, newest first. Each row's notes button is a plain button: one notes dialog serves the whole list (a dialog
 * per row cost a phone ~140 Radix dialogs on a client with 200 visits, docs/product.md §14).
 */
export function VisitsSection({
  visits,
  client,
}: {
  visits: ClientDetail['visits'];
  client: Pick<ClientDetail, 'firstName' | 'lastName'>;
}) {
  const now = useNow();
  // 'Repeat…' (docs/product.md §4 "Regulars"): one series dialog serves the list, as the notes dialog does.
  const [repeatFrom, setRepeatFrom] = useState<SeriesOrigin | null>(null);
  const rows = useMemo(() => newestFirst(visits).map((visit) => ({ ...visitView(visit), visit })), [visits]);
  const [notesFor, setNotesFor] = useState<VisitNotesTarget | null>(null);
  const closeNotes = useCallback(() => setNotesFor(null), []);
  const shown = useAllRowsSoon(rows.length);
  return (
    <ClientSection id="client-visits" title="Visits">
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No bookings yet.</p>
      ) : (
        <ul aria-label="Visits, newest first" className="divide-y text-sm">
          {(shown < rows.length ? rows.slice(0, shown) : rows).map((visit) => (
            <VisitRow
              key={visit.id}
              visit={visit}
              now={now}
              notesOpen={notesFor?.bookingId === visit.id}
              onOpenNotes={setNotesFor}
              onRepeat={(v) =>
                setRepeatFrom({
                  id: v.bookingId,
                  date: v.date,
                  time: v.time,
                  firstName: client.firstName,
                  lastName: client.lastName,
                })
              }
            />
          ))}
        </ul>
      )}
      <VisitNotesDialogFor target={notesFor} onClose={closeNotes} />
      <SeriesDialog origin={repeatFrom} onOpenChange={(open) => !open && setRepeatFrom(null)} />
    </ClientSection>
  );
}

const VisitRow = memo(function VisitRow({
  visit,
  now,
  notesOpen,
  onOpenNotes,
  onRepeat,
}: {
  visit: VisitRowView;
  now: Date;
  notesOpen: boolean;
  onOpenNotes: (target: VisitNotesTarget) => void;
  onRepeat: (visit: ClientDetail['visits'][number]) => void;
}) {
  const canWrite = visitHasStarted(visit.visit, now) && visit.visit.outcome !== 'no-show';
  const hasNote = visit.visit.hasNote;
  return (
    <li className="grid gap-1 [contain-intrinsic-size:auto_6rem] [content-visibility:auto] py-3 first:pt-0 last:pb-0 sm:grid-cols-[11rem_1fr_auto] sm:gap-4">
      <div className="tabular-nums">
        <p className="font-medium">{visit.date}</p>
        <p className="text-muted-foreground">{visit.time}</p>
      </div>
      <div className="min-w-0">
        <p className="break-words">
          {visit.service} <span className="text-muted-foreground">· {visit.duration}</span>
        </p>
        <p className="break-words text-muted-foreground">{visit.address}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <Badge variant={visit.status.tone}>{visit.status.label}</Badge>
        <OutcomeBadge outcome={visit.visit.outcome} />
        {showsPaymentBadge(visit.visit) && <PaymentBadge status={visit.visit.balance.status} />}
        {(hasNote || canWrite) && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-haspopup="dialog"
            aria-expanded={notesOpen}
            onClick={() => onOpenNotes({ bookingId: visit.id, visitLabel: `${visit.date}, ${visit.time}`, canWrite })}
          >
            <NotebookPen aria-hidden />
            {hasNote ? 'Notes' : 'Write notes'}
          </Button>
        )}
        {visit.visit.status === 'confirmed' && !visitHasStarted(visit.visit, now) && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-haspopup="dialog"
            onClick={() => onRepeat(visit.visit)}
          >
            <Repeat aria-hidden />
            Repeat…
          </Button>
        )}
        <p className="tabular-nums">
          {visit.price}
          <span className="text-muted-foreground"> + travel {visit.travelFee}</span>
        </p>
        {showsPaymentBadge(visit.visit) && visit.visit.balance.status !== 'paid' && (
          <p className="font-medium tabular-nums">{balanceLine(visit.visit.balance)}</p>
        )}
      </div>
    </li>
  );
});
