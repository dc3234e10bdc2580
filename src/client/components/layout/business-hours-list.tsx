import { Clock } from '@/components/ui/first-load-icon';
import { NZ_TIME_NOTE } from '@shared/constants';
import { Skeleton } from '@/components/ui/skeleton';
import { CLOSED_LABEL, mergeBusinessHours } from '@/lib/merge-hours';
import { useBusinessHours } from '@/lib/queries/get-business-hours';

/** The footer's business hours, merged as docs/product.md §2 describes. */
export function BusinessHoursList() {
  const hours = useBusinessHours();
  if (hours.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-4 w-40" />
      </div>
    );
  }
  const summary = mergeBusinessHours(hours.data);
  if (!summary.open) return <p className="text-sm">{CLOSED_LABEL}</p>;
  return (
    <div className="text-sm">
      <dl className="space-y-2">
        {summary.lines.map((line) => (
          <div key={line.days} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
            <dt className="font-medium text-foreground">{line.days}</dt>
            <dd className="tabular-nums">{line.hours}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 flex items-center gap-1.5 text-xs">
        <Clock className="size-3.5" aria-hidden />
        {NZ_TIME_NOTE}
      </p>
    </div>
  );
}
