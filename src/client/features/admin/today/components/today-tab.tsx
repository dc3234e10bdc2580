/**
 * /admin/today (decision 026): her day sheet, Today or Tomorrow, kept on the phone for no coverage. The page passes the
 * check-in buttons in (`visitActions`): admin areas never import each other.
 */
import { CalendarX2, Car, RefreshCw, WifiOff } from 'lucide-react';
import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { DaySheetVisit } from '@shared/schemas/day-sheet';
import { dayLabel } from '@/lib/format';
import { cx } from '@/lib/class-names';
import { EmptyList } from '../../shared/components/empty-list';
import { useOnline } from '../../shared/offline/use-online';
import { driveText, isAppleDevice, lastUpdatedText, sheetDate, sheetSummary, type SheetDay } from '../sheet-view';
import { useDaySheet } from '../use-day-sheet';
import { useWorkerSheets } from '../use-worker-sheets';
import { VisitCard } from './visit-card';

const DAYS: { id: SheetDay; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'tomorrow', label: 'Tomorrow' },
];

const noChange = () => () => {};
const isApplePhone = () => isAppleDevice(navigator.userAgent, navigator.maxTouchPoints);
/** The server does not know the phone: Google first, as the browser's first render, so hydration matches (033). */
const notOnServer = () => false;

export function TodayTab({ visitActions }: { visitActions?: (visit: DaySheetVisit) => ReactNode }) {
  const [day, setDay] = useState<SheetDay>('today');
  const date = sheetDate(day);
  const { sheet, unreachable, missing, failed } = useDaySheet(date);
  useWorkerSheets();
  const online = useOnline();
  const appleFirst = useSyncExternalStore(noChange, isApplePhone, notOnServer);
  // Worked out again only when they change, not on every answer of the sheet's queries (a phone's main thread).
  const heading = useMemo(() => dayLabel(date), [date]);
  const generatedAt = sheet?.generatedAt;
  const updated = useMemo(() => (generatedAt ? lastUpdatedText(generatedAt) : ''), [generatedAt]);
  // The visits drawn again only when they change: an answer that only moves 'Last updated' (the query keeps the
  // visits that did not change) leaves the list, its drive lines and cards as they are.
  const visits = sheet?.visits;
  const visitList = useMemo(
    () =>
      visits && visits.length > 0 ? (
        <ol className="space-y-2" aria-label="Visits in route order">
          {visits.map((visit, i) => {
            const drive = driveText(visit, i === 0);
            return (
              <li key={visit.bookingId} className="space-y-2">
                {drive && (
                  <p className="ml-4 flex items-center gap-2 border-l-2 border-dashed py-1 pl-3 text-xs text-muted-foreground">
                    <Car className="size-3.5" aria-hidden /> {drive}
                  </p>
                )}
                <VisitCard visit={visit} appleFirst={appleFirst} actions={visitActions} />
              </li>
            );
          })}
        </ol>
      ) : null,
    [visits, appleFirst, visitActions],
  );

  return (
    <section aria-labelledby="day-sheet-heading" className="mx-auto max-w-2xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="day-sheet-heading" className="text-xl font-semibold">
          {day === 'today' ? 'Today' : 'Tomorrow'}
          <span className="block text-sm font-normal text-muted-foreground">{heading}</span>
        </h2>
        <div role="group" aria-label="Day" className="inline-flex rounded-lg border bg-background p-1">
          {DAYS.map((d) => (
            <button
              key={d.id}
              type="button"
              aria-pressed={day === d.id}
              onClick={() => setDay(d.id)}
              className={cx(
                'min-h-10 rounded-md px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                day === d.id ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {d.label}
            </button>
          ))}
        </div>
      </div>

      {sheet && (
        <p
          className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground"
          data-testid="sheet-meta"
        >
          <span className="font-medium text-foreground">{sheetSummary(sheet)}</span>
          <span>{updated}</span>
          {(unreachable || !online) && (
            <span className="inline-flex items-center gap-1 font-medium text-amber-800 dark:text-amber-200">
              <WifiOff className="size-3.5" aria-hidden /> Kept on this phone
            </span>
          )}
        </p>
      )}

      {!sheet && !missing && !failed && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <RefreshCw className="size-4 animate-spin" aria-hidden /> Loading the day sheet...
        </p>
      )}
      {missing && (
        <EmptyList icon={WifiOff} text="This day's sheet is not on this phone yet: open it once with coverage." />
      )}
      {failed && !sheet && <EmptyList icon={CalendarX2} text="The day sheet could not be loaded." />}

      {sheet && sheet.visits.length === 0 && <EmptyList icon={CalendarX2} text="No confirmed visits on this day." />}
      {visitList}
    </section>
  );
}
