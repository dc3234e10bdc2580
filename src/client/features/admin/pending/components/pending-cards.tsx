/** Below the md breakpoint: one card per request, nothing wider than the phone. */
import type { PendingListProps } from '../pending-request-view';
import { ClientAlerts } from '../../shared/components/client-alerts';
import { HealthLine } from '../../shared/components/health-line';
import { PossibleMatchLine } from '../../shared/components/possible-match-line';
import { ClashBadge } from './clash-parts';
import { MarkDepositReceived } from './mark-deposit-received';
import { DepositBadge } from './deposit-badge';
import {
  ContactLinks,
  ExpiryNote,
  InjuryBadge,
  RequestClientLink,
  ReviewButtons,
  ServiceSummary,
  TravelSummary,
} from './request-parts';

export function PendingCards({ rows, now, onReview }: PendingListProps) {
  return (
    <ul aria-label="Pending requests" className="divide-y">
      {rows.map(({ booking, view }) => (
        <li key={view.id} className="space-y-3 py-4 text-sm first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="font-semibold tabular-nums">
              {view.date} <span className="font-normal text-muted-foreground">at</span> {view.time}
            </p>
            <ExpiryNote expiresAt={booking.expiresAt} now={now} />
          </div>
          {booking.clashes.length > 0 && <ClashBadge />}
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold break-words">{view.clientName}</h3>
            {view.hasInjuries && <InjuryBadge />}
          </div>
          <PossibleMatchLine match={booking.clientMatch} linked />
          <RequestClientLink booking={booking} clientName={view.clientName} />
          <ClientAlerts alerts={booking.clientAlerts} />
          <HealthLine flags={booking.healthFlags} status={booking.healthForm} />
          <ServiceSummary view={view} />
          <DepositBadge
            status={booking.depositStatus}
            amountCents={booking.depositCents}
            reference={booking.depositReference}
          />
          <TravelSummary view={view} />
          <ContactLinks view={view} />
          <MarkDepositReceived booking={booking} clientName={view.clientName} />
          <ReviewButtons
            clientName={view.clientName}
            onApprove={() => onReview(booking, 'confirmed')}
            onReject={() => onReview(booking, 'rejected')}
          />
        </li>
      ))}
    </ul>
  );
}
