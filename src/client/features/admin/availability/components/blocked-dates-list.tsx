/**
 * 'Blocked Dates' (docs/product.md §2): by date ascending, the NZ long date, the time range of a
 * partial block, the reason and a remove button named after the date.
 */
import { Loader2, Trash2 } from 'lucide-react';
import type { BlockedDate } from '@shared/schemas/blocked-date';
import { formatTime12 } from '@shared/clock-time';
import { formatLongDate } from '@shared/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { useRemoveBlockedDate } from '../api/remove-blocked-date';
import { TEXTS, TOASTS } from '../texts';

interface BlockedDatesListProps {
  blocked: BlockedDate[];
  loading: boolean;
  failed: boolean;
}

function timeRange(entry: BlockedDate): string | null {
  if (entry.isFullDay || !entry.startTime || !entry.endTime) return null;
  return `${formatTime12(entry.startTime)} - ${formatTime12(entry.endTime)}`;
}

export function BlockedDatesList({ blocked, loading, failed }: BlockedDatesListProps) {
  const remove = useRemoveBlockedDate();
  const unblock = (entry: BlockedDate) =>
    remove.mutate(entry.id, {
      onSuccess: () => toast(TOASTS.removed),
      onError: (error) =>
        toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.removeFailed, variant: 'destructive' }),
    });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight tracking-tight">{TEXTS.blockedTitle}</h2>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="flex flex-col gap-2" role="status" aria-busy="true">
            <span className="sr-only">Loading blocked dates</span>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : failed ? (
          <p className="text-sm text-destructive">Could not load the blocked dates.</p>
        ) : blocked.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TEXTS.noBlocked}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={TEXTS.blockedTitle}>
            {blocked.map((entry) => {
              const range = timeRange(entry);
              const removing = remove.isPending && remove.variables === entry.id;
              return (
                <li key={entry.id} className="flex items-center justify-between gap-3 px-4 py-3">
                  <div className="flex min-w-0 flex-col gap-1">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      {formatLongDate(entry.date)}
                      {range ? <Badge variant="warning">{range}</Badge> : <Badge variant="secondary">All day</Badge>}
                    </span>
                    {entry.reason && <span className="break-words text-sm text-muted-foreground">{entry.reason}</span>}
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="shrink-0 text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
                    aria-label={`Remove blocked date ${formatLongDate(entry.date)}${range ? `, ${range}` : ''}`}
                    disabled={removing}
                    onClick={() => unblock(entry)}
                  >
                    {removing ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
