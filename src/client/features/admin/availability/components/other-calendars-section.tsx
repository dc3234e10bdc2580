/**
 * 'Other calendars' (docs/product.md §11): her personal calendars whose busy times block bookings. The add
 * form beside the list on a wide screen, below it on a phone. Times are NZ whatever the browser's zone.
 */
import { CalendarSync } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '../../shared/components/load-error';
import { useNow } from '../../shared/use-now';
import { useCalendars } from '../api/get-calendars';
import { CALENDAR_TEXTS as T } from '../texts';
import { AddCalendarForm } from './add-calendar-form';
import { CalendarItem } from './calendar-item';

function CalendarList() {
  const query = useCalendars();
  const now = useNow();
  if (query.isPending)
    return (
      <div className="flex flex-col gap-2" role="status" aria-busy="true">
        <span className="sr-only">Loading your other calendars</span>
        <Skeleton className="h-32" />
      </div>
    );
  if (query.isError)
    return <LoadError title={T.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data.length === 0) return <p className="text-sm text-muted-foreground">{T.empty}</p>;
  return (
    <ul className="divide-y rounded-md border" aria-label={T.title}>
      {query.data.map((calendar) => (
        <CalendarItem key={calendar.id} calendar={calendar} now={now} />
      ))}
    </ul>
  );
}

export function OtherCalendarsSection() {
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <CalendarSync className="size-5 text-primary" aria-hidden />
          {T.title}
        </h2>
        <CardDescription>{T.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(20rem,28rem)] xl:items-start">
        <CalendarList />
        <div className="rounded-md border p-4">
          <AddCalendarForm />
        </div>
      </CardContent>
    </Card>
  );
}
