/** The tab's states other than the grid: loading, a failed load, and no services yet. */
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '../../shared/components/load-error';
import { TEXTS } from '../texts';

/** docs/product.md §2: 'Loading services...', with placeholders shaped like the cards. */
export function ServicesLoading() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <p className="text-sm text-muted-foreground">{TEXTS.loading}</p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden>
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-3 rounded-lg border p-5">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-6 w-40 rounded-full" />
            <div className="flex gap-2 pt-2">
              <Skeleton className="h-9 w-20" />
              <Skeleton className="h-9 w-20" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** docs/product.md §2: 'Error loading services', with a way to try again. */
export function ServicesError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return <LoadError title={TEXTS.loadError} onRetry={onRetry} retrying={retrying} />;
}

export function ServicesEmpty() {
  return <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{TEXTS.empty}</p>;
}
