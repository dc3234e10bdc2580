/**
 * /booking/cancel/{token} (SPEC §2, §4, §8): the booking's name, service, date and time, a
 * warning, 'Go Back' and 'Confirm Cancellation' with the prompt 'Are you sure you want to cancel
 * this booking?'. After success, or when the booking is already cancelled (or the cancel call
 * answers 404), 'Booking Cancelled' with 'Book a New Appointment'.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CalendarX2, Clock, Loader2, SearchX, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { PracticeInfo } from '@shared/practice';
import type { Booking } from '@shared/schemas/booking';
import { displayServiceName } from '@shared/service-options';
import { formatTime12 } from '@shared/time';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { bookingByTokenKey, cancelBookingByToken } from '@/features/booking/api';
import { isNotFoundError } from '@/features/booking/api-error';
import { bookingView, hasStarted } from '@/features/booking/booking-status';
import { BookingBrief } from '@/features/booking/components/booking-details';
import { StatusPanel, StatusPanelSkeleton } from '@/features/booking/components/status-panel';
import { dayLabel } from '@/features/booking/format';
import { trackEvent } from '@/lib/analytics';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';

function PageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">{children}</div>;
}

function HomeLink() {
  return (
    <Button asChild variant="outline">
      <Link href="/">Return to Home</Link>
    </Button>
  );
}

export default function BookingCancelPage() {
  const { token = '' } = useParams<{ token: string }>();
  const queryClient = useQueryClient();
  const key = bookingByTokenKey(token);
  const booking = useQuery<Booking>({ queryKey: key, enabled: token !== '', staleTime: 30_000 });
  const { data: practice } = useQuery<PracticeInfo>({ queryKey: ['/api/practice'] });
  const [promptOpen, setPromptOpen] = useState(false);
  /** 'now': cancelled on this page; 'assumed': the call answered 404 (already cancelled or gone). */
  const [cancelledHere, setCancelledHere] = useState<'now' | 'assumed' | null>(null);

  const cancel = useMutation({
    mutationFn: () => cancelBookingByToken(token),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(key, cancelled);
      setCancelledHere('now');
      setPromptOpen(false);
      trackEvent('booking_cancelled');
      toast({ title: 'Success', description: 'Your booking has been cancelled' });
    },
    onError: (error) => {
      setPromptOpen(false);
      if (isNotFoundError(error)) {
        queryClient.setQueryData<Booking>(key, (old) => (old ? { ...old, status: 'cancelled' } : old));
        setCancelledHere('assumed');
        toast({ title: 'Note', description: 'This booking appears to be already cancelled or not found' });
        return;
      }
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to cancel booking' });
    },
  });

  const view = booking.data ? bookingView(booking.data) : null;
  const showCancelled = cancelledHere !== null || view === 'cancelled';
  const pageTitle = showCancelled
    ? 'Booking Cancelled'
    : booking.isPending && token
      ? 'Cancel Booking'
      : !booking.data
        ? 'Booking Not Found'
        : view === 'declined'
          ? 'Booking Request Declined'
          : 'Cancel Booking';
  useDocumentTitle(pageTitle);

  if (showCancelled) {
    return (
      <PageFrame>
        <StatusPanel
          icon={XCircle}
          tone="muted"
          title="Booking Cancelled"
          lead={
            cancelledHere === 'now'
              ? 'Your booking has been cancelled and a confirmation email is on its way. I hope to see you another time.'
              : 'This booking has already been cancelled.'
          }
          actions={
            <>
              <Button asChild>
                <Link href="/booking">Book a New Appointment</Link>
              </Button>
              <HomeLink />
            </>
          }
        />
      </PageFrame>
    );
  }

  if (token && booking.isPending) {
    return (
      <PageFrame>
        <StatusPanelSkeleton label="Loading your booking" />
      </PageFrame>
    );
  }

  if (!booking.data) {
    return (
      <PageFrame>
        <StatusPanel
          icon={SearchX}
          tone="muted"
          title="Booking Not Found"
          lead="We couldn't find a booking for this link. Please check the link in your email."
          actions={
            <>
              <Button asChild>
                <Link href="/booking">Make a New Booking</Link>
              </Button>
              <HomeLink />
            </>
          }
        />
      </PageFrame>
    );
  }

  const b = booking.data;
  const confirmHref = `/booking/confirm/${encodeURIComponent(token)}`;

  if (view === 'declined') {
    return (
      <PageFrame>
        <StatusPanel
          icon={CalendarX2}
          tone="danger"
          title="Booking Request Declined"
          lead="This request was declined or expired before it could be confirmed, so there is nothing to cancel."
          actions={
            <>
              <Button asChild>
                <Link href="/booking">Make a New Booking</Link>
              </Button>
              <HomeLink />
            </>
          }
        />
      </PageFrame>
    );
  }

  if (hasStarted(b)) {
    return (
      <PageFrame>
        <StatusPanel
          icon={Clock}
          tone="muted"
          title="Cancel Booking"
          lead={
            <>
              This appointment has already started or passed, so it can no longer be cancelled online.
              {practice?.email && (
                <>
                  {' '}
                  Please email{' '}
                  <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${practice.email}`}>
                    {practice.email}
                  </a>
                  .
                </>
              )}
            </>
          }
          actions={
            <Button asChild variant="outline">
              <Link href={confirmHref}>Go Back</Link>
            </Button>
          }
        >
          <BookingBrief booking={b} />
        </StatusPanel>
      </PageFrame>
    );
  }

  const service = displayServiceName(b.serviceName);

  return (
    <PageFrame>
      <StatusPanel
        icon={CalendarX2}
        tone="danger"
        title="Cancel Booking"
        lead="Please check the details below before cancelling."
        actions={
          <>
            <Button asChild variant="outline">
              <Link href={confirmHref}>Go Back</Link>
            </Button>
            <Button type="button" variant="destructive" onClick={() => setPromptOpen(true)} disabled={cancel.isPending}>
              {cancel.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Confirm Cancellation
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-5">
          <BookingBrief booking={b} />
          <p role="note" className="flex items-start gap-2.5 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <strong className="font-semibold">This action cannot be undone.</strong> Once cancelled, the time is released for other
              clients.
            </span>
          </p>
        </div>
      </StatusPanel>

      <Dialog open={promptOpen} onOpenChange={(open) => !cancel.isPending && setPromptOpen(open)}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle className="pr-6 leading-snug">Are you sure you want to cancel this booking?</DialogTitle>
            <DialogDescription>
              {service} on {dayLabel(b.date)} at {formatTime12(b.time)} (NZ time) will be cancelled. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={cancel.isPending}>
                Keep Booking
              </Button>
            </DialogClose>
            <Button type="button" variant="destructive" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {cancel.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden />
                  Cancelling...
                </>
              ) : (
                'Yes, Cancel Booking'
              )}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </PageFrame>
  );
}
