/**
 * The Pending Requests tab (docs/product.md §2): the requests waiting for an answer, polled every
 * 30 s, as a table on a wide screen and as cards on a phone, each with Approve and Reject.
 */
import { useMemo, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useServices } from '@/lib/queries/get-services';
import { usePendingBookings } from '../../shared/api/get-pending-bookings';
import { pendingCountText, pendingRequestView, type PendingRow } from '../pending-request-view';
import { useNow } from '../../shared/use-now';
import { useReviewDialog } from '../use-review-dialog';
import { PendingCards } from './pending-cards';
import { PendingEmpty, PendingError, PendingSkeleton } from './pending-states';
import { PendingTable } from './pending-table';
import { ReviewDialog } from './review-dialog';
import { WaitlistSection } from './waitlist-section';

export function PendingRequestsTab() {
  const pending = usePendingBookings();
  const { data: services } = useServices();
  const now = useNow();
  const review = useReviewDialog();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const rows = useMemo<PendingRow[] | undefined>(
    () => pending.data?.map((booking) => ({ booking, view: pendingRequestView(booking, services) })),
    [pending.data, services],
  );
  const retry = () => void pending.refetch();

  let body;
  if (rows === undefined) {
    body = pending.isError ? <PendingError onRetry={retry} retrying={pending.isFetching} /> : <PendingSkeleton />;
  } else if (rows.length === 0) {
    body = <PendingEmpty />;
  } else {
    const listProps = { rows, now, onReview: review.start };
    body = (
      <>
        <div className="md:hidden">
          <PendingCards {...listProps} />
        </div>
        <div className="hidden md:block">
          <PendingTable {...listProps} />
        </div>
      </>
    );
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1.5">
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="text-lg font-semibold leading-tight tracking-tight focus:outline-none"
            >
              Pending Requests
            </h2>
            <CardDescription>
              Approve or decline each booking request. This list refreshes every 30 seconds.
            </CardDescription>
          </div>
          {rows && rows.length > 0 && (
            <Badge variant="warning" className="self-start text-sm" aria-live="polite">
              {pendingCountText(rows.length)}
            </Badge>
          )}
        </CardHeader>
        <CardContent className="space-y-4">
          {rows !== undefined && pending.isError && (
            <PendingError onRetry={retry} retrying={pending.isFetching} stale />
          )}
          {body}
        </CardContent>
        <ReviewDialog
          target={review.target}
          open={review.open}
          onOpenChange={review.onOpenChange}
          note={review.note}
          onNoteChange={review.setNote}
          clashNotice={review.clashNotice}
          healthNotice={review.healthNotice}
          healthRead={review.healthRead}
          onHealthReadChange={review.setHealthRead}
          matchChoice={review.matchChoice}
          onMatchChoiceChange={review.setMatchChoice}
          onSubmit={review.submit}
          isPending={review.isPending}
          services={services}
          focusAfterClose={() => review.focusAfterClose(headingRef.current)}
        />
      </Card>
      <WaitlistSection />
    </div>
  );
}
