/** From the md breakpoint up: the requests as a table (docs/product.md §2 Pending Requests). */
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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

export function PendingTable({ rows, now, onReview }: PendingListProps) {
  return (
    <Table aria-label="Pending requests">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Date &amp; Time</TableHead>
          <TableHead>Client</TableHead>
          <TableHead>Service</TableHead>
          <TableHead>Contact</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ booking, view }) => (
          <TableRow key={view.id}>
            <TableCell className="whitespace-nowrap">
              <p className="font-medium tabular-nums">{view.date}</p>
              <p className="text-muted-foreground tabular-nums">{view.time}</p>
              <ExpiryNote expiresAt={booking.expiresAt} now={now} className="mt-1" />
              {booking.clashes.length > 0 && (
                <div className="mt-1">
                  <ClashBadge />
                </div>
              )}
            </TableCell>
            <TableCell>
              <p className="font-medium break-words">{view.clientName}</p>
              {view.hasInjuries && (
                <div className="mt-1">
                  <InjuryBadge />
                </div>
              )}
              <PossibleMatchLine match={booking.clientMatch} linked className="mt-1.5 max-w-64" />
              <RequestClientLink booking={booking} clientName={view.clientName} className="mt-1" />
              <ClientAlerts alerts={booking.clientAlerts} className="mt-1.5 max-w-64" />
              <HealthLine flags={booking.healthFlags} status={booking.healthForm} className="mt-1.5 max-w-64" />
            </TableCell>
            <TableCell className="space-y-1.5">
              <ServiceSummary view={view} />
              <DepositBadge
                status={booking.depositStatus}
                amountCents={booking.depositCents}
                reference={booking.depositReference}
              />
              <TravelSummary view={view} />
            </TableCell>
            <TableCell className="max-w-64">
              <ContactLinks view={view} />
            </TableCell>
            <TableCell>
              <ReviewButtons
                clientName={view.clientName}
                onApprove={() => onReview(booking, 'confirmed')}
                onReject={() => onReview(booking, 'rejected')}
                className="justify-end"
              />
              <MarkDepositReceived booking={booking} clientName={view.clientName} className="mt-2 ml-auto flex" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
