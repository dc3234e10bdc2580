/** A list that failed to load (or to refresh): what went wrong, and a way to try again. Every admin tab uses it. */
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface LoadErrorProps {
  title: string;
  onRetry: () => void;
  retrying: boolean;
  /** The second line; by default, advice to check the connection. */
  detail?: string;
}

export function LoadError({
  title,
  onRetry,
  retrying,
  detail = 'Check your connection and try again.',
}: LoadErrorProps) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-300" aria-hidden />
        <div>
          <p className="font-medium">{title}</p>
          <p className="text-muted-foreground">{detail}</p>
        </div>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={onRetry}
        disabled={retrying}
        className="self-start sm:self-auto"
      >
        <RefreshCw className={retrying ? 'animate-spin motion-reduce:animate-none' : undefined} aria-hidden />
        {retrying ? 'Retrying...' : 'Try again'}
      </Button>
    </div>
  );
}
