/** One visit on the day sheet (docs/product.md §17): what she needs at the door, readable at a glance on a phone. */
import { Clock, MapPin, Navigation, Phone } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { DaySheetVisit } from '@shared/schemas/day-sheet';
import { ClientAlerts } from '../../shared/components/client-alerts';
import { HealthLine } from '../../shared/components/health-line';
import { PaymentBadge } from '../../shared/components/payment-badge';
import { balanceLine } from '../../shared/payment-view';
import { telHref } from '@/lib/phone-text';
import { appleMapsUrl, googleMapsUrl, visitTimes } from '../sheet-view';

const linkClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * Memoised: the sheet's next answer keeps the visits that did not change (the query's structural sharing), and only
 * the others draw again, not every card with its buttons and their queries (docs/product.md §17: a phone's main
 * thread).
 */
export const VisitCard = memo(function VisitCard({
  visit,
  appleFirst,
  actions,
}: {
  visit: DaySheetVisit;
  /** On an iPhone Apple Maps is the main Navigate link. */
  appleFirst: boolean;
  /** What the page adds under the visit (check-in, receipts): a function kept from render to render. */
  actions?: (visit: DaySheetVisit) => ReactNode;
}) {
  const google = { href: googleMapsUrl(visit.address), label: 'Google Maps' };
  const apple = { href: appleMapsUrl(visit.address), label: 'Apple Maps' };
  const [main, other] = appleFirst ? [apple, google] : [google, apple];
  // A sheet kept on the phone from before issue 27 has no balance: it shows none until the next refresh.
  const balance = visit.balance as DaySheetVisit['balance'] | undefined;
  return (
    <article
      className="rounded-lg border bg-card p-4 text-card-foreground shadow-xs"
      aria-labelledby={`visit-${visit.bookingId}`}
      data-visit={visit.bookingId}
    >
      <p className="flex items-center gap-1.5 text-sm font-semibold text-primary">
        <Clock className="size-4" aria-hidden />
        {visitTimes(visit)}
      </p>
      <h3 id={`visit-${visit.bookingId}`} className="mt-1 text-lg font-semibold [overflow-wrap:anywhere]">
        {visit.clientName}
      </h3>
      <p className="text-sm text-muted-foreground">
        {visit.service}, {visit.durationMinutes} min
      </p>
      {balance && (
        <p className="mt-1 text-sm font-medium tabular-nums" data-balance>
          {balance.status === 'paid' ? <PaymentBadge status="paid" /> : balanceLine(balance)}
        </p>
      )}
      <p className="mt-2 flex items-start gap-1.5 text-sm [overflow-wrap:anywhere]">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{visit.address}</span>
      </p>
      <ClientAlerts alerts={visit.alerts} className="mt-2" />
      <HealthLine flags={visit.healthFlags} status={undefined} className="mt-2" />
      <div className="mt-3 flex flex-wrap gap-2">
        <a className={linkClass} href={main.href} target="_blank" rel="noopener">
          <Navigation className="size-4" aria-hidden />
          Navigate
          <span className="sr-only">
            {' '}
            to {visit.address} with {main.label}
          </span>
        </a>
        <a className={linkClass} href={other.href} target="_blank" rel="noopener">
          {other.label}
          <span className="sr-only"> directions to {visit.address}</span>
        </a>
        <a className={linkClass} href={telHref(visit.phone)}>
          <Phone className="size-4" aria-hidden />
          {visit.phone}
          <span className="sr-only"> (call {visit.clientName})</span>
        </a>
      </div>
      {actions && <div className="mt-3">{actions(visit)}</div>}
    </article>
  );
});
