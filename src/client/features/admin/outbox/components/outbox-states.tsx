/** The tab's states other than the list: loading, a failed load, no e-mails, and delivery not set up. */
import { Info, MailOpen } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyList } from '../../shared/components/empty-list';
import { LoadError } from '../../shared/components/load-error';
import { TEXTS } from '../texts';

export function OutboxLoading() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <p className="text-sm text-muted-foreground">{TEXTS.loading}</p>
      <div className="space-y-3" aria-hidden>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex items-center gap-4 rounded-md border p-3">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function OutboxError({
  onRetry,
  retrying,
  stale = false,
}: {
  onRetry: () => void;
  retrying: boolean;
  stale?: boolean;
}) {
  return (
    <LoadError
      title={TEXTS.loadError}
      onRetry={onRetry}
      retrying={retrying}
      detail={stale ? 'The list below may be out of date. Check your connection and try again.' : undefined}
    />
  );
}

export function OutboxEmpty({ text = TEXTS.empty }: { text?: string }) {
  return <EmptyList icon={MailOpen} text={text} />;
}

/** No SMTP_URL on the server: messages wait, safe, as files; they go out once SMTP is set up. */
export function DeliveryNotConfigured() {
  return (
    <div
      role="note"
      aria-labelledby="outbox-files-title"
      className="flex gap-3 rounded-md border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-50"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="space-y-1">
        <p id="outbox-files-title" className="font-medium">
          {TEXTS.filesTitle}
        </p>
        <p>{TEXTS.filesText}</p>
      </div>
    </div>
  );
}
