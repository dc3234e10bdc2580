/** The tab's states other than the list: loading, nothing pending, and a failed load. */
import { CheckCircle2 } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '../../shared/components/load-error';

/** docs/product.md §2: skeleton placeholders while loading, shaped like the rows to come. */
export function PendingSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">Loading pending requests...</span>
      <Skeleton className="h-6 w-40 rounded-full" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-3 border-t pt-4 md:flex-row md:items-center md:gap-6">
          <Skeleton className="h-10 w-32" />
          <Skeleton className="h-10 w-full md:w-40" />
          <Skeleton className="h-10 w-full md:flex-1" />
          <div className="flex gap-2">
            <Skeleton className="h-9 flex-1 md:w-24" />
            <Skeleton className="h-9 flex-1 md:w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** docs/product.md §2: the empty state, word for word. */
export function PendingEmpty() {
  return (
    <div className="flex flex-col items-center px-2 py-10 text-center">
      <CheckCircle2 className="size-10 text-emerald-600 dark:text-emerald-400" aria-hidden />
      <h3 className="mt-3 text-lg font-semibold">No pending bookings</h3>
      <p className="mt-1 max-w-md text-sm text-balance text-muted-foreground">
        All booking requests have been processed. New pending bookings will appear here when clients make reservation
        requests.
      </p>
    </div>
  );
}

interface PendingErrorProps {
  onRetry: () => void;
  retrying: boolean;
  /** There is an older list on screen: say the refresh failed, not that nothing loaded. */
  stale?: boolean;
}

export function PendingError({ onRetry, retrying, stale = false }: PendingErrorProps) {
  return (
    <LoadError
      title={stale ? 'Could not refresh the pending requests' : 'Could not load the pending requests'}
      detail={stale ? 'The list below may be out of date.' : undefined}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
