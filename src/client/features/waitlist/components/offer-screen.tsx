/**
 * /waitlist/offer/{token} (docs/product.md §4 "Waitlist"): the time a waitlisted visitor was offered, with
 * 'Book this time'. Opening the page books nothing (mail scanners open links); the button makes a normal pending
 * request. A hold that ran out, an offer already booked or withdrawn, or an entry that left: the server's words.
 */
import { CalendarCheck, CalendarClock, CalendarX, Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { bookingConfirmPath } from '@shared/booking-paths';
import { formatTime12 } from '@shared/clock-time';
import { formatLongDate } from '@shared/time';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { formatNzDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAcceptWaitlistOffer } from '../api/accept-waitlist-offer';
import { useWaitlistOffer } from '../api/get-waitlist-offer';
import { WaitlistPanel } from './waitlist-panel';

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.body?.message ? error.body.message : 'Something went wrong. Please try again.';

function HomeButton() {
  return (
    <Button asChild variant="outline">
      <Link href="/booking">Book another time</Link>
    </Button>
  );
}

export function OfferScreen({ token }: { token: string }) {
  useDocumentTitle('A time has opened');
  const offer = useWaitlistOffer(token);
  const accept = useAcceptWaitlistOffer(token);

  if (offer.isPending) {
    return (
      <div className="container mx-auto max-w-2xl px-4 py-16" role="status" aria-label="Loading the offer">
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (offer.isError) {
    return (
      <WaitlistPanel icon={CalendarX} title="Offer not found" actions={<HomeButton />}>
        <p>{messageOf(offer.error)}</p>
      </WaitlistPanel>
    );
  }
  const o = offer.data;
  const when = `${formatLongDate(o.date)} at ${formatTime12(o.time)}`;
  const booked = accept.data ?? null;
  if (booked || o.status === 'accepted') {
    const bookingToken = booked?.cancelToken ?? o.bookingToken;
    return (
      <WaitlistPanel
        icon={CalendarCheck}
        title="Booking request sent"
        actions={
          bookingToken && (
            <Button asChild>
              <Link href={bookingConfirmPath(bookingToken)}>View your booking</Link>
            </Button>
          )
        }
      >
        <p>
          Your {o.serviceName} on <strong className="font-semibold text-foreground">{when}</strong> (NZ time) is waiting
          for approval. You will get an e-mail as soon as it is confirmed.
        </p>
      </WaitlistPanel>
    );
  }
  if (!o.open) {
    return (
      <WaitlistPanel icon={CalendarX} title="This time is no longer held for you" actions={<HomeButton />}>
        <p>
          {o.status === 'offered' || o.status === 'expired'
            ? 'The hold on this time has ended, so it was offered to the next person on the waitlist. You are still on the list.'
            : 'This offer has been withdrawn, so the time is no longer held for you.'}
        </p>
      </WaitlistPanel>
    );
  }
  const holdUntil = formatNzDateTime(o.holdUntil);
  return (
    <WaitlistPanel
      icon={CalendarClock}
      title="A time has opened for you"
      actions={
        <Button size="lg" onClick={() => accept.mutate()} disabled={accept.isPending}>
          {accept.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Book this time
        </Button>
      }
    >
      <p>
        Hi {o.firstName}, <strong className="font-semibold text-foreground">{when}</strong> (NZ time) is free for your{' '}
        {o.serviceName} ({o.duration} minutes) at {o.address}.
      </p>
      {holdUntil && <p className="mt-2">It is held for you until {holdUntil} (NZ time).</p>}
      <p className="mt-2">'Book this time' sends it as a booking request, to be confirmed as usual.</p>
      {accept.isError && (
        <p role="alert" className="mt-4 font-medium text-destructive">
          {messageOf(accept.error)}
        </p>
      )}
    </WaitlistPanel>
  );
}
