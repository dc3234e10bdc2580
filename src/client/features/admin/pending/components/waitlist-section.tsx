/**
 * The Waitlist section of the Pending Requests tab (docs/product.md §4 "Waitlist"): who is waiting for a
 * time, in the order they joined (the order offers follow), their days, start window, service and suburb, what
 * they were offered, and Remove.
 */
import { CalendarPlus, Loader2, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { formatTime12 } from '@shared/clock-time';
import type { AdminWaitlistEntry } from '@shared/schemas/waitlist';
import { formatShortDate } from '@shared/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { newBookingPath } from '../../shared/admin-paths';
import { useAdminWaitlist } from '../api/get-waitlist';
import { useRemoveWaitlistEntry } from '../api/remove-waitlist-entry';

const OFFER_WORDS: Record<AdminWaitlistEntry['offers'][number]['status'], string> = {
  offered: 'held',
  accepted: 'booked',
  expired: 'hold ended',
  declined: 'declined',
  superseded: 'withdrawn',
};

const windowText = (e: AdminWaitlistEntry) =>
  e.earliest === e.latest
    ? `starting ${formatTime12(e.earliest)}`
    : `starting ${formatTime12(e.earliest)} – ${formatTime12(e.latest)}`;

function EntryCard({ entry }: { entry: AdminWaitlistEntry }) {
  const remove = useRemoveWaitlistEntry();
  const name = `${entry.firstName} ${entry.lastName}`;
  const onRemove = () =>
    remove.mutate(entry.id, {
      onSuccess: () => toast({ title: 'Removed from the waitlist', description: name }),
      onError: () => toast({ title: 'Could not remove', description: 'Please try again.', variant: 'destructive' }),
    });
  return (
    <li className="flex flex-col gap-3 rounded-md border p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-semibold">
          {name}
          {entry.suburb && <span className="font-normal text-muted-foreground"> · {entry.suburb}</span>}
        </p>
        <p>
          {entry.serviceName}, {entry.duration} min, {windowText(entry)}
        </p>
        <p className="text-muted-foreground">{entry.dates.map(formatShortDate).join(', ')}</p>
        {entry.offers.length > 0 && (
          <ul className="flex flex-wrap gap-1.5 pt-1" aria-label={`Offers to ${name}`}>
            {entry.offers.map((o) => (
              <li key={`${o.date}-${o.time}-${o.createdAt}`}>
                <Badge variant={o.status === 'offered' ? 'warning' : 'outline'}>
                  {formatShortDate(o.date)} {formatTime12(o.time)}: {OFFER_WORDS[o.status]}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex shrink-0 gap-2 self-start">
        {/* Issue 40: 'New booking' filled in from the entry, for a time she agrees with them. */}
        <Button asChild variant="outline" size="sm">
          <Link href={newBookingPath({ kind: 'waitlist', id: entry.id })} aria-label={`Book ${name}`}>
            <CalendarPlus aria-hidden />
            Book
          </Link>
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onRemove}
          disabled={remove.isPending}
          aria-label={`Remove ${name} from the waitlist`}
        >
          {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
          Remove
        </Button>
      </div>
    </li>
  );
}

export function WaitlistSection() {
  const waitlist = useAdminWaitlist();
  const entries = waitlist.data;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight tracking-tight">Waitlist</h2>
        <CardDescription>
          Visitors waiting for a time to open, in the order they joined. A freed time is offered to the first it suits
          (their days, times and the drive to their address) and held for them for a while.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {entries === undefined ? (
          <p className="text-sm text-muted-foreground">
            {waitlist.isError ? 'Could not load the waitlist.' : 'Loading the waitlist…'}
          </p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody is on the waitlist.</p>
        ) : (
          <ol className="space-y-3">
            {entries.map((e) => (
              <EntryCard key={e.id} entry={e} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
