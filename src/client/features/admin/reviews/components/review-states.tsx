/** The tab's states other than the cards (docs/product.md §2, word for word): loading, failed, none, signed out. */
import { Lock, MessageSquareQuote } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyList } from '../../shared/components/empty-list';
import { LoadError } from '../../shared/components/load-error';
import { TEXTS } from '../texts';

export function ReviewsLoading() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <p className="text-sm text-muted-foreground">{TEXTS.loading}</p>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-hidden>
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-3 rounded-lg border p-4">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-8 w-40" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function ReviewsError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return <LoadError title={TEXTS.loadError} onRetry={onRetry} retrying={retrying} />;
}

export function ReviewsEmpty({ text = TEXTS.empty }: { text?: string }) {
  return <EmptyList icon={MessageSquareQuote} text={text} />;
}

/** docs/product.md §6: the tab itself refuses a visitor who is not signed in. */
export function ReviewsUnauthorized() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border bg-card px-4 py-10 text-center text-card-foreground">
      <Lock className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">{TEXTS.unauthorizedTitle}</h2>
      <p className="text-sm text-muted-foreground">{TEXTS.unauthorizedText}</p>
      <Button asChild>
        <Link href="/admin/login">{TEXTS.logIn}</Link>
      </Button>
    </div>
  );
}
