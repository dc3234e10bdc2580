/**
 * One of her other calendars: its name and kind, the address shortened (the secret path of an
 * iCal address works like a password: shown only on 'Show address'), how it last synced and why
 * it last failed, its counts, the all-day switch, Rename, 'Sync now' and Remove.
 */
import { AlertTriangle, Eye, EyeOff, Loader2, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { OtherCalendar } from '@shared/schemas/other-calendar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ApiError, errorCode } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSyncCalendar } from '../api/sync-calendar';
import { useUpdateCalendar } from '../api/update-calendar';
import {
  calendarKindLabel,
  countsText,
  formatNzShort,
  lastErrorText,
  lastSyncedText,
  shortCalendarUrl,
} from '../other-calendars';
import { CALENDAR_TEXTS as T, CALENDAR_TOASTS } from '../texts';
import { RemoveCalendarDialog } from './remove-calendar-dialog';
import { RenameCalendarForm } from './rename-calendar-form';

function failureText(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? error.body?.message : undefined) ?? fallback;
}

export function CalendarItem({ calendar, now }: { calendar: OtherCalendar; now: Date }) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const [showUrl, setShowUrl] = useState(false);
  const [removing, setRemoving] = useState(false);
  const sync = useSyncCalendar();
  const update = useUpdateCalendar();
  const error = lastErrorText(calendar, now);

  const syncNow = () =>
    sync.mutate(calendar.id, {
      onSuccess: (result) => toast(CALENDAR_TOASTS.synced(result.eventCount)),
      onError: (err) => {
        if (errorCode(err) === 'UNAUTHENTICATED') return;
        toast({ title: 'Error', description: failureText(err, CALENDAR_TOASTS.syncFailed), variant: 'destructive' });
      },
    });

  const switchAllDay = (allDayBlocks: boolean) =>
    update.mutate(
      { id: calendar.id, patch: { allDayBlocks } },
      {
        onSuccess: () => toast(CALENDAR_TOASTS.updated),
        onError: (err) =>
          toast({
            title: 'Error',
            description: failureText(err, CALENDAR_TOASTS.updateFailed),
            variant: 'destructive',
          }),
      },
    );

  return (
    <li className="flex flex-col gap-3 px-4 py-4">
      {renaming ? (
        <RenameCalendarForm calendar={calendar} onDone={() => setRenaming(false)} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-semibold break-words">{calendar.name}</h3>
          <Badge variant="secondary">{calendarKindLabel(calendar.kind)}</Badge>
        </div>
      )}

      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <code className="min-w-0 rounded bg-muted px-1.5 py-0.5 text-xs [overflow-wrap:anywhere]" id={`${id}-url`}>
          {showUrl ? calendar.url : shortCalendarUrl(calendar.url)}
        </code>
        {calendar.username && <span className="break-all">as {calendar.username}</span>}
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto gap-1 px-1 py-0 text-xs"
          aria-pressed={showUrl}
          aria-controls={`${id}-url`}
          onClick={() => setShowUrl((v) => !v)}
        >
          {showUrl ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          {showUrl ? T.hideAddress : T.showAddress}
          <span className="sr-only"> of {calendar.name}</span>
        </Button>
      </div>

      <div className="grid gap-1 text-sm">
        <p>
          {calendar.lastSyncedAt ? (
            <time dateTime={calendar.lastSyncedAt} title={`${formatNzShort(calendar.lastSyncedAt)} (NZ time)`}>
              {lastSyncedText(calendar.lastSyncedAt, now)}
            </time>
          ) : (
            T.notSynced
          )}
        </p>
        {calendar.lastSyncedAt && <p className="text-muted-foreground">{countsText(calendar)}</p>}
      </div>

      {error && (
        <p
          role="alert"
          className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words text-red-900 dark:text-red-100"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      )}

      <div className="flex items-center gap-3">
        <Switch
          id={`${id}-allday`}
          checked={calendar.allDayBlocks}
          disabled={update.isPending}
          onCheckedChange={switchAllDay}
        />
        <Label htmlFor={`${id}-allday`}>
          {T.allDayBlocks}
          <span className="sr-only"> ({calendar.name})</span>
        </Label>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={syncNow}
          disabled={sync.isPending}
          aria-busy={sync.isPending || undefined}
        >
          {sync.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
          {sync.isPending ? T.syncing : T.syncNow}
          <span className="sr-only"> {calendar.name}</span>
        </Button>
        {!renaming && (
          <Button type="button" size="sm" variant="outline" onClick={() => setRenaming(true)}>
            <Pencil aria-hidden />
            {T.rename}
            <span className="sr-only"> {calendar.name}</span>
          </Button>
        )}
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="text-red-700 hover:text-red-800 dark:text-red-300 dark:hover:text-red-200"
          onClick={() => setRemoving(true)}
        >
          <Trash2 aria-hidden />
          {T.remove}
          <span className="sr-only"> {calendar.name}</span>
        </Button>
      </div>
      <RemoveCalendarDialog calendar={calendar} open={removing} onOpenChange={setRemoving} />
    </li>
  );
}
