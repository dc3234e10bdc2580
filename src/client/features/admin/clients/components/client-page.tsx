/**
 * One client's page, /admin/clients/{id} (docs/product.md §12), under the Clients tab: the
 * name and alerts, a possible match to decide (decision 034), then Contact, Totals, Visits, Health form, Alerts,
 * Addresses used, Merge, Erase and the Access log.
 */
import { ArrowLeft, CalendarPlus, UserX } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { newBookingPath } from '../../shared/admin-paths';
import { LoadError } from '../../shared/components/load-error';
import { useClient } from '../api/get-client';
import { visitsText } from '../client-view';
import { MERGE_TEXTS, TEXTS } from '../texts';
import { AlertBadges } from './alert-badges';
import { AlertsSection } from './alerts-section';
import { AddressesSection, ClientSection, TotalsSection, VisitsSection } from './client-sections';
import { AccessLogSection } from './access-log-section';
import { ClientExportMenu } from './client-export-menu';
import { ContactSection } from './contact-section';
import { HealthSection } from './health-section';
import { ERASE_TEXTS, EraseDialog } from './erase-dialog';
import { MergeDialog } from './merge-dialog';
import { PossibleMatchNotice } from './possible-match-notice';

function BackLink() {
  return (
    <Link
      href="/admin/clients"
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {TEXTS.backToClients}
    </Link>
  );
}

/** `id` is null when the path's id is no number: the same as a client that does not exist. */
export function ClientPage({ id }: { id: number | null }) {
  return id === null ? <ClientNotFound /> : <ClientLoaded id={id} />;
}

function ClientLoaded({ id }: { id: number }) {
  const client = useClient(id);

  if (!client.data) {
    if (client.error instanceof ApiError && client.error.status === 404) return <ClientNotFound />;
    return (
      <div className="grid gap-4">
        <BackLink />
        {client.isError ? (
          <LoadError title={TEXTS.clientLoadError} onRetry={() => void client.refetch()} retrying={client.isFetching} />
        ) : (
          <ClientSkeleton />
        )}
      </div>
    );
  }

  const data = client.data;
  return (
    <div className="grid gap-5">
      <BackLink />
      <div className="space-y-2">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 text-2xl font-semibold tracking-tight break-words">{data.name}</h2>
          <div className="flex shrink-0 flex-wrap justify-end gap-2">
            {/* Issue 40: 'New booking' for them, with their address and last service filled in. */}
            <Button asChild variant="outline" size="sm">
              <Link href={newBookingPath({ kind: 'client', id: data.id })}>
                <CalendarPlus aria-hidden />
                {TEXTS.bookAgain}
              </Link>
            </Button>
            <ClientExportMenu clientId={data.id} />
          </div>
        </div>
        <p className="text-sm text-muted-foreground">
          {visitsText(data.totals.visits)}
          {data.totals.upcoming > 0 && `, ${data.totals.upcoming} upcoming`}
        </p>
        <AlertBadges alerts={data.alerts} />
      </div>
      <PossibleMatchNotice client={data} />
      {client.isError && (
        <LoadError
          title={TEXTS.clientLoadError}
          detail="What is shown may be out of date."
          onRetry={() => void client.refetch()}
          retrying={client.isFetching}
        />
      )}
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <ContactSection client={data} />
        <TotalsSection totals={data.totals} owedCents={data.owedCents} />
      </div>
      <VisitsSection visits={data.visits} client={data} />
      <HealthSection clientId={data.id} />
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <AlertsSection client={data} />
        <AddressesSection addresses={data.addresses} />
      </div>
      <ClientSection id="client-merge" title={MERGE_TEXTS.heading}>
        <p className="mb-3 text-sm text-muted-foreground">{MERGE_TEXTS.hint}</p>
        <MergeDialog client={data} />
      </ClientSection>
      <ClientSection id="client-erase" title={ERASE_TEXTS.heading}>
        <p className="mb-3 text-sm text-muted-foreground">{ERASE_TEXTS.hint}</p>
        <EraseDialog client={data} />
      </ClientSection>
      <AccessLogSection clientId={data.id} />
    </div>
  );
}

function ClientNotFound() {
  return (
    <div className="grid gap-4">
      <BackLink />
      <div className="flex flex-col items-center rounded-lg border bg-card px-4 py-10 text-center text-card-foreground">
        <UserX className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="mt-3 text-lg font-semibold">{TEXTS.clientNotFound}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{TEXTS.clientNotFoundHint}</p>
      </div>
    </div>
  );
}

function ClientSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-5">
      <span className="sr-only">{TEXTS.clientLoading}</span>
      <Skeleton className="h-8 w-56" />
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
      <Skeleton className="h-56 w-full" />
    </div>
  );
}
