/** The Clients tab's states other than the list: loading, nothing (yet, or matching), and a failed load. */
import { SearchX, Users } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '../../shared/components/load-error';
import { TEXTS } from '../texts';

export function ClientsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">{TEXTS.loading}</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex flex-col gap-2 border-t pt-4 first:border-t-0 first:pt-0 md:flex-row md:gap-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-full md:w-56" />
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-5 w-24 md:ml-auto" />
        </div>
      ))}
    </div>
  );
}

/** No clients at all, or none that match the search. */
export function ClientsEmpty({ query }: { query: string }) {
  const searching = query.trim() !== '';
  const Icon = searching ? SearchX : Users;
  return (
    <div className="flex flex-col items-center px-2 py-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <h3 className="mt-3 text-lg font-semibold break-words">
        {searching ? TEXTS.noMatch(query.trim()) : TEXTS.empty}
      </h3>
      <p className="mt-1 max-w-md text-sm text-balance text-muted-foreground">
        {searching ? TEXTS.noMatchHint : TEXTS.emptyHint}
      </p>
    </div>
  );
}

interface ClientsErrorProps {
  onRetry: () => void;
  retrying: boolean;
  /** An older list is on screen: say the refresh failed, not that nothing loaded. */
  stale?: boolean;
}

export function ClientsError({ onRetry, retrying, stale = false }: ClientsErrorProps) {
  return (
    <LoadError
      title={stale ? TEXTS.refreshError : TEXTS.loadError}
      detail={stale ? 'The list below may be out of date.' : undefined}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
