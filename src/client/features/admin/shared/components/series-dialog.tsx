/**
 * 'Repeat…' (docs/product.md §4 "Regulars"): make a series from a confirmed booking, every 1-4 weeks,
 * N visits or until a date; then the dates it booked, and each that does not fit with its reasons and the
 * nearest times that do, to pick one or skip it. A booking already in a series shows that series.
 */
import { Loader2, Repeat } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatTime12 } from '@shared/clock-time';
import { SERIES_EVERY_WEEKS, SERIES_MAX_COUNT, type SeriesOccurrence } from '@shared/schemas/series';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { ApiError, errorCode } from '@/lib/api';
import { dayLabel } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { serverMessage } from '../action-errors';
import { useCancelSeries } from '../api/cancel-series';
import { useChangeSeries } from '../api/change-series';
import { useCreateSeries } from '../api/create-series';
import { useBookingSeries } from '../api/get-booking-series';
import { usePickSeriesDate } from '../api/pick-series-date';
import { useSkipSeriesDate } from '../api/skip-series-date';

export interface SeriesOrigin {
  id: number;
  date: string;
  time: string;
  firstName: string;
  lastName: string;
}

const STATUS: Record<
  SeriesOccurrence['status'],
  { label: string; tone: 'success' | 'warning' | 'secondary' | 'destructive' }
> = {
  booked: { label: 'Booked', tone: 'success' },
  conflict: { label: 'Does not fit', tone: 'warning' },
  skipped: { label: 'Skipped', tone: 'secondary' },
  cancelled: { label: 'Cancelled', tone: 'destructive' },
};

const weeksLabel = (n: number) => (n === 1 ? 'Every week' : `Every ${n} weeks`);

export function SeriesDialog({
  origin,
  onOpenChange,
}: {
  /** The booking to repeat; null keeps the dialog closed. */
  origin: SeriesOrigin | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={origin !== null} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90dvh] max-w-lg flex-col gap-0 overflow-hidden p-0">
        <DialogHeader className="border-b px-6 pb-4 pt-6 pr-12">
          <DialogTitle>Make a series</DialogTitle>
          <DialogDescription>
            {origin
              ? `${origin.firstName} ${origin.lastName}: the same visit on ${dayLabel(origin.date).split(',')[0]}s at ${formatTime12(origin.time)} (NZ time).`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {origin && <SeriesBody key={origin.id} origin={origin} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SeriesBody({ origin, onClose }: { origin: SeriesOrigin; onClose: () => void }) {
  const existing = useBookingSeries(origin.id);
  // The answer of her last action shows at once; the series as read again (after each action) once it is newer.
  const [made, setMade] = useState<{ id: number; occurrences: SeriesOccurrence[]; at: number } | null>(null);
  const fresh = existing.data && (!made || existing.dataUpdatedAt > made.at) ? existing.data : null;
  const shown = fresh ?? made;
  if (existing.isPending && !made)
    return (
      <p className="flex items-center gap-2 px-6 py-6 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading…
      </p>
    );
  if (shown)
    return (
      <SeriesResult
        seriesId={shown.id}
        bookingId={origin.id}
        ended={Boolean(fresh?.cancelledAt)}
        occurrences={shown.occurrences}
        laterDates={fresh?.laterDates ?? []}
        onChange={(next) => setMade({ id: shown.id, occurrences: next, at: Date.now() })}
        onClose={onClose}
      />
    );
  return <SeriesForm origin={origin} onMade={(answer) => setMade({ ...answer, at: Date.now() })} onClose={onClose} />;
}

function SeriesForm({
  origin,
  onMade,
  onClose,
}: {
  origin: SeriesOrigin;
  onMade: (made: { id: number; occurrences: SeriesOccurrence[] }) => void;
  onClose: () => void;
}) {
  const create = useCreateSeries();
  const [everyWeeks, setEveryWeeks] = useState(2);
  const [mode, setMode] = useState<'count' | 'until'>('count');
  const [count, setCount] = useState('6');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(count);
    if (mode === 'count' && !(Number.isInteger(n) && n >= 2 && n <= SERIES_MAX_COUNT))
      return setErrors({ count: `Choose 2 to ${SERIES_MAX_COUNT} visits` });
    if (mode === 'until' && !until) return setErrors({ until: 'Choose the date of the last visit' });
    setErrors({});
    create.mutate(
      { bookingId: origin.id, everyWeeks, ...(mode === 'count' ? { count: n } : { until }) },
      {
        onSuccess: (answer) => onMade(answer),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : [];
          if (fields.length > 0) return setErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])));
          toast({
            title: 'Error',
            description: serverMessage(error) ?? 'The series could not be made',
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
      <div className="grid gap-5 overflow-y-auto px-6 py-4">
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Repeat</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {SERIES_EVERY_WEEKS.map((n) => (
              <label
                key={n}
                className={cn(
                  'flex cursor-pointer items-center justify-center rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  everyWeeks === n && 'border-primary bg-primary/10 font-medium',
                )}
              >
                <input
                  type="radio"
                  name="everyWeeks"
                  value={n}
                  checked={everyWeeks === n}
                  onChange={() => setEveryWeeks(n)}
                  className="sr-only"
                />
                {weeksLabel(n)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">How long</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={mode === 'count'} onChange={() => setMode('count')} />
              Number of visits
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={mode === 'until'} onChange={() => setMode('until')} />
              Until a date
            </label>
          </div>
          {mode === 'count' ? (
            <LabelledField label="Visits, this one included" error={errors.count}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={2}
                  max={SERIES_MAX_COUNT}
                  value={count}
                  onChange={(e) => setCount(e.target.value)}
                />
              )}
            </LabelledField>
          ) : (
            <LabelledField label="Last visit on or before" error={errors.until}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={origin.date}
                  value={until}
                  onChange={(e) => setUntil(e.target.value)}
                />
              )}
            </LabelledField>
          )}
        </fieldset>
        <p className="text-sm text-muted-foreground">
          Every date is checked like a new booking: hours, blocked dates, other visits, your other calendars and the
          drive. Dates that do not fit are listed with the nearest times that do. The client gets one e-mail with all
          the dates.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2 border-t px-6 py-4 sm:flex sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Repeat aria-hidden />}
          Make series
        </Button>
      </div>
    </form>
  );
}

const slotLabel = (date: string, time: string) => `${dayLabel(date)}, ${formatTime12(time)}`;

function SeriesResult({
  seriesId,
  bookingId,
  ended,
  occurrences,
  laterDates,
  onChange,
  onClose,
}: {
  seriesId: number;
  /** The visit the dialog was opened from: 'this and following' starts at its date. */
  bookingId: number;
  ended: boolean;
  occurrences: SeriesOccurrence[];
  laterDates: string[];
  onChange: (next: SeriesOccurrence[]) => void;
  onClose: () => void;
}) {
  const pick = usePickSeriesDate();
  const skip = useSkipSeriesDate();
  const busy = pick.isPending || skip.isPending;
  const replace = (updated: SeriesOccurrence) =>
    onChange(occurrences.map((o) => (o.forDate === updated.forDate ? updated : o)));
  const failed = (fallback: string) => (error: unknown) =>
    toast({ title: 'Error', description: serverMessage(error) ?? fallback, variant: 'destructive' });
  const booked = occurrences.filter((o) => o.status === 'booked').length;
  // The visit she opened the dialog from, while it is held: 'this and following' starts at its date.
  const this_ = occurrences.find((o) => o.bookingId === bookingId && o.status === 'booked') ?? null;
  const open = occurrences.filter((o) => o.status === 'conflict').length;

  return (
    <>
      <div className="grid min-h-0 min-w-0 flex-1 gap-3 overflow-y-auto px-6 py-4">
        <p className="text-sm" role="status">
          {booked} {booked === 1 ? 'visit' : 'visits'} booked
          {open > 0 ? `, ${open} ${open === 1 ? 'date needs' : 'dates need'} your choice` : ''}.
        </p>
        <ul aria-label="Dates of the series" className="grid min-w-0 gap-3">
          {occurrences.map((o) => (
            <li key={o.forDate} className="min-w-0 rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium tabular-nums">{slotLabel(o.date, o.time)}</span>
                <Badge variant={STATUS[o.status].tone}>{STATUS[o.status].label}</Badge>
              </div>
              {o.date !== o.forDate && <p className="mt-1 text-muted-foreground">Instead of {dayLabel(o.forDate)}</p>}
              {o.status === 'conflict' && (
                <div className="mt-2 grid gap-2">
                  <ul className="list-disc pl-5 text-muted-foreground">
                    {(o.reasons ?? []).map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                  {(o.alternatives ?? []).length > 0 ? (
                    <div className="grid gap-1">
                      <p className="font-medium">Nearest times that fit</p>
                      <div className="flex flex-wrap gap-2">
                        {o.alternatives!.map((a) => (
                          <Button
                            key={`${a.date} ${a.time}`}
                            type="button"
                            size="sm"
                            variant="outline"
                            className="h-auto min-h-8 whitespace-normal py-1.5 text-left"
                            disabled={busy}
                            onClick={() =>
                              pick.mutate(
                                { seriesId, forDate: o.forDate, date: a.date, time: a.time },
                                { onSuccess: replace, onError: failed('That time could not be booked') },
                              )
                            }
                          >
                            {/* Named in full for a screen reader; the visible words are part of the name. */}
                            <span className="sr-only">Book {a.date === o.forDate ? `${dayLabel(a.date)}, ` : ''}</span>
                            {a.date === o.forDate
                              ? formatTime12(a.time)
                              : `${dayLabel(a.date).replace(/, \d{4}$/, '')}, ${formatTime12(a.time)}`}
                            <span className="sr-only"> instead</span>
                          </Button>
                        ))}
                      </div>
                    </div>
                  ) : (
                    <p className="text-muted-foreground">No time fits within 3 days.</p>
                  )}
                  <div>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      aria-label={`Skip ${dayLabel(o.forDate)}`}
                      onClick={() =>
                        skip.mutate(
                          { seriesId, date: o.forDate },
                          { onSuccess: replace, onError: failed('The date could not be skipped') },
                        )
                      }
                    >
                      Skip
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
        {laterDates.length > 0 && (
          <p className="text-sm text-muted-foreground">
            Booked as the booking window reaches them: {laterDates.map((d) => dayLabel(d)).join('; ')}.
          </p>
        )}
        {!ended && this_ && <ThisAndFollowing seriesId={seriesId} visit={this_} onChange={onChange} />}
      </div>
      <div className="flex justify-end border-t px-6 py-4">
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </div>
    </>
  );
}

/**
 * 'This and following' (docs/product.md §4 "Regulars"): every visit from the opened visit's date moves to a new
 * time (all or nothing: the dates that do not fit are listed and nothing changes), or is cancelled with the
 * series ended. The client gets one e-mail either way.
 */
function ThisAndFollowing({
  seriesId,
  visit,
  onChange,
}: {
  seriesId: number;
  visit: SeriesOccurrence;
  onChange: (next: SeriesOccurrence[]) => void;
}) {
  const change = useChangeSeries();
  const cancel = useCancelSeries();
  const [mode, setMode] = useState<'idle' | 'change' | 'cancel'>('idle');
  const [time, setTime] = useState(visit.time);
  const [refused, setRefused] = useState<{ message: string; dates: { path: string; message: string }[] } | null>(null);
  const from = visit.forDate;
  const busy = change.isPending || cancel.isPending;

  const submitChange = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    change.mutate(
      { seriesId, from, time },
      {
        onSuccess: (series) => {
          onChange(series.occurrences);
          setMode('idle');
          toast({ title: 'Series changed', description: 'The client will receive one email with the new times.' });
        },
        onError: (error) => {
          if (errorCode(error) === 'SERIES_CHANGE_DOES_NOT_FIT' && error instanceof ApiError)
            return setRefused({ message: error.message, dates: error.fieldErrors });
          toast({
            title: 'Error',
            description: serverMessage(error) ?? 'The series could not be changed',
            variant: 'destructive',
          });
        },
      },
    );
  };

  const submitCancel = () =>
    cancel.mutate(
      { seriesId, from },
      {
        onSuccess: (series) => {
          onChange(series.occurrences);
          setMode('idle');
          toast({ title: 'Visits cancelled', description: 'The client will receive one email listing them.' });
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessage(error) ?? 'The visits could not be cancelled',
            variant: 'destructive',
          }),
      },
    );

  return (
    <section aria-labelledby="this-and-following" className="grid gap-3 rounded-md border p-3 text-sm">
      <h3 id="this-and-following" className="font-medium">
        This visit and the following ones
      </h3>
      <p className="text-muted-foreground">From {dayLabel(from)} on.</p>
      {mode === 'idle' && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => setMode('change')}>
            Change this and following…
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="text-red-700 hover:text-red-800 dark:text-red-300 dark:hover:text-red-200"
            onClick={() => setMode('cancel')}
          >
            Cancel this and following
          </Button>
        </div>
      )}
      {mode === 'change' && (
        <form onSubmit={submitChange} className="grid gap-3" noValidate>
          <LabelledField label="New time (NZ time)" error={undefined}>
            {(control) => (
              <Input
                {...control}
                type="time"
                step={900}
                required
                value={time}
                onChange={(e) => setTime(e.target.value)}
              />
            )}
          </LabelledField>
          {refused && (
            <div role="alert" className="grid gap-1 text-red-700 dark:text-red-300">
              <p>{refused.message}</p>
              <ul className="list-disc pl-5">
                {refused.dates.map((d) => (
                  <li key={d.path}>
                    {dayLabel(d.path)}: {d.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => setMode('idle')}>
              Back
            </Button>
            <Button type="submit" size="sm" disabled={busy || !time} aria-busy={change.isPending || undefined}>
              {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Move them to {time ? formatTime12(time) : '…'}
            </Button>
          </div>
        </form>
      )}
      {mode === 'cancel' && (
        <div className="grid gap-2">
          <p>Cancel every visit from {dayLabel(from)} on and end the series? The client gets one email.</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => setMode('idle')}>
              No, keep them
            </Button>
            <Button
              type="button"
              size="sm"
              variant="destructive"
              disabled={busy}
              aria-busy={cancel.isPending || undefined}
              onClick={submitCancel}
            >
              {cancel.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Yes, cancel them
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
