/**
 * /booking/confirm/{token} (SPEC §2): loading, 'Booking Not Found', 'Booking Cancelled',
 * pending 'Booking Request Received!', confirmed 'Booking Confirmed!', and a declined or expired
 * request as 'Booking Request Declined'.
 */
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, CalendarX2, CheckCircle2, Hourglass, Mail, SearchX, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { Booking } from '@shared/schemas/booking';
import { nzInstant } from '@shared/time';
import { Button } from '@/components/ui/button';
import { bookingByTokenKey, bookingCalendarUrl } from '@/features/booking/api';
import { bookingView, canClientCancel } from '@/features/booking/booking-status';
import { BookingDetails } from '@/features/booking/components/booking-details';
import { StatusPanel, StatusPanelSkeleton } from '@/features/booking/components/status-panel';
import { StepIndicator } from '@/features/booking/components/step-indicator';
import { formatNzDateTime } from '@/features/booking/format';
import { useDocumentTitle } from '@/lib/use-document-title';

const TITLES = {
  notFound: 'Booking Not Found',
  cancelled: 'Booking Cancelled',
  declined: 'Booking Request Declined',
  pending: 'Booking Request Received!',
  confirmed: 'Booking Confirmed!',
} as const;

function PageFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={`mx-auto w-full ${wide ? 'max-w-3xl' : 'max-w-2xl'} px-4 py-8 sm:px-6 sm:py-12`}>{children}</div>;
}

function NewBookingLink() {
  return (
    <Button asChild>
      <Link href="/booking">Make a New Booking</Link>
    </Button>
  );
}

function HomeLink({ variant = 'outline' }: { variant?: 'outline' | 'default' }) {
  return (
    <Button asChild variant={variant}>
      <Link href="/">Return to Home</Link>
    </Button>
  );
}

export default function BookingConfirmPage() {
  const { token = '' } = useParams<{ token: string }>();
  const booking = useQuery<Booking>({ queryKey: bookingByTokenKey(token), enabled: token !== '', staleTime: 30_000 });

  const view = booking.data ? bookingView(booking.data) : null;
  const title = booking.isPending && token ? 'Your Booking' : view ? TITLES[view] : TITLES.notFound;
  useDocumentTitle(title);

  if (token && booking.isPending) {
    return (
      <PageFrame wide>
        <StatusPanelSkeleton label="Loading your booking" />
      </PageFrame>
    );
  }

  if (!booking.data || !view) {
    return (
      <PageFrame>
        <StatusPanel
          icon={SearchX}
          tone="muted"
          title={TITLES.notFound}
          lead="We couldn't find a booking for this link. Please check the link in your email, or make a new booking."
          actions={
            <>
              <NewBookingLink />
              <HomeLink />
            </>
          }
        />
      </PageFrame>
    );
  }

  const b = booking.data;

  if (view === 'cancelled') {
    return (
      <PageFrame>
        <StatusPanel
          icon={XCircle}
          tone="muted"
          title={TITLES.cancelled}
          lead="This booking has been cancelled. You're welcome to book another time whenever suits you."
          actions={
            <>
              <NewBookingLink />
              <HomeLink />
            </>
          }
        />
      </PageFrame>
    );
  }

  if (view === 'declined') {
    return (
      <PageFrame>
        <StatusPanel
          icon={CalendarX2}
          tone="danger"
          title={TITLES.declined}
          lead="Sorry, this request could not be accepted: it was declined, or it expired before it could be confirmed. The time is no longer held for you, but you're welcome to choose another."
          actions={
            <>
              <NewBookingLink />
              <HomeLink />
            </>
          }
        >
          {b.adminNote && <TherapistNote note={b.adminNote} />}
        </StatusPanel>
      </PageFrame>
    );
  }

  const pending = view === 'pending';
  const holdsUntil = pending && b.expiresAt ? formatNzDateTime(b.expiresAt) : null;
  // A request made shortly before its time is held right up to the start.
  const heldToStart = pending && b.expiresAt !== null && new Date(b.expiresAt).getTime() >= nzInstant(b.date, b.time).getTime() - 60_000;
  const cancellable = canClientCancel(b);

  return (
    <PageFrame wide>
      <StepIndicator current={4} className="mx-auto mb-8 max-w-2xl" />
      <StatusPanel
        icon={pending ? Hourglass : CheckCircle2}
        tone={pending ? 'pending' : 'success'}
        title={pending ? TITLES.pending : TITLES.confirmed}
        lead={
          pending ? (
            <>Thank you, {b.firstName}. Your request has been sent and will be confirmed by email as soon as possible.</>
          ) : (
            <>Thank you, {b.firstName}. Your appointment is confirmed. I look forward to seeing you.</>
          )
        }
        actions={
          <>
            <Button asChild variant="outline">
              <a href={bookingCalendarUrl(token)} download="appointment.ics">
                <CalendarPlus aria-hidden />
                Add to calendar
              </a>
            </Button>
            {cancellable && (
              <Button asChild variant="outline" className="text-destructive hover:text-destructive">
                <Link href={`/booking/cancel/${encodeURIComponent(token)}`}>Cancel Appointment</Link>
              </Button>
            )}
            <HomeLink variant="default" />
          </>
        }
      >
        <div className="flex flex-col gap-6">
          <BookingDetails booking={b} />
          {!pending && b.adminNote && <TherapistNote note={b.adminNote} />}
          <div className="space-y-3 rounded-md bg-muted/60 p-4 text-sm">
            <p className="flex items-start gap-2.5">
              <Mail className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>
                A confirmation email has been sent to <strong className="break-all font-semibold">{b.email}</strong>.
              </span>
            </p>
            {holdsUntil && (
              <p className="flex items-start gap-2.5">
                <Hourglass className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>
                  This request holds your time until <strong className="font-semibold">{holdsUntil}</strong> (NZ time) while it is
                  reviewed.{' '}
                  {heldToStart
                    ? "You'll be told by email as soon as it is answered."
                    : "If it isn't confirmed by then, the time is released and you'll be told by email."}
                </span>
              </p>
            )}
          </div>
        </div>
      </StatusPanel>
    </PageFrame>
  );
}

function TherapistNote({ note }: { note: string }) {
  return (
    <div className="rounded-md border-l-4 border-primary bg-muted/40 px-4 py-3 text-sm">
      <p className="font-medium">A note from your therapist</p>
      <p className="mt-1 whitespace-pre-line break-words text-muted-foreground">{note}</p>
    </div>
  );
}
