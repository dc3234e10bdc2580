import { CalendarClock, CalendarPlus, CheckCircle2, Hourglass, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { canClientCancel, canClientReschedule, hasStarted, insideChangeCutoff } from '@shared/booking-rules';
import type { Booking } from '@shared/schemas/booking';
import { nzInstant } from '@shared/time';
import { Button } from '@/components/ui/button';
import { bookingCalendarUrl } from '../api/get-booking-calendar';
import { formatNzDateTime } from '@/lib/format';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { CHANGE_TIME, PANEL_TITLES } from '../texts';
import { ContactToChange } from './contact-to-change';
import { DepositInstructions } from './deposit-instructions';
import { GiftVoucherEntry } from './gift-voucher-entry';
import { BookingDetails } from './booking-details';
import { BookingPageFrame, HomeLink } from './booking-status-panels';
import { StatusPanel } from './status-panel';
import { StepIndicator } from './step-indicator';
import { TherapistNote } from './therapist-note';
import { bookingCancelPath, bookingChangePath } from '@shared/booking-paths';

/**
 * Step 4 of the wizard: a pending request or a confirmed appointment, with its details. `callout`
 * comes first in the details (the health form's call to action, composed by the page).
 */
export function BookingReceivedPanel({
  booking,
  token,
  callout,
}: {
  booking: Booking;
  token: string;
  callout?: ReactNode;
}) {
  const pending = booking.status === 'pending';
  // 'Change time' until CHANGE_CUTOFF_HOURS before the visit; inside it, why not and how to reach her
  // (docs/product.md §4 "Changing a visit").
  const { data: practice } = usePracticeInfo();
  const cutoffHours = practice?.changeCutoffHours;
  const canChange = cutoffHours !== undefined && canClientReschedule(booking, cutoffHours);
  const changeClosed = cutoffHours !== undefined && !hasStarted(booking) && insideChangeCutoff(booking, cutoffHours);
  const holdsUntil = pending && booking.expiresAt ? formatNzDateTime(booking.expiresAt) : null;
  // A request made shortly before its time is held right up to the start.
  const heldToStart =
    pending &&
    booking.expiresAt !== null &&
    new Date(booking.expiresAt).getTime() >= nzInstant(booking.date, booking.time).getTime() - 60_000;

  return (
    <BookingPageFrame wide>
      <StepIndicator current={4} className="mx-auto mb-8 max-w-2xl" />
      <StatusPanel
        icon={pending ? Hourglass : CheckCircle2}
        tone={pending ? 'pending' : 'success'}
        title={pending ? PANEL_TITLES.pending : PANEL_TITLES.confirmed}
        lead={
          pending ? (
            <>
              Thank you, {booking.firstName}. Your request has been sent and will be confirmed by email as soon as
              possible.
            </>
          ) : (
            <>Thank you, {booking.firstName}. Your appointment is confirmed. I look forward to seeing you.</>
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
            {canChange && (
              <Button asChild variant="outline">
                <Link href={bookingChangePath(token)}>
                  <CalendarClock aria-hidden />
                  {CHANGE_TIME}
                </Link>
              </Button>
            )}
            {canClientCancel(booking) && (
              <Button asChild variant="outline" className="text-destructive hover:text-destructive">
                <Link href={bookingCancelPath(token)}>Cancel Appointment</Link>
              </Button>
            )}
            <HomeLink variant="default" />
          </>
        }
      >
        <div className="flex flex-col gap-6">
          {callout}
          <DepositInstructions deposit={booking.deposit} token={token} />
          <GiftVoucherEntry token={token} />
          {changeClosed && <ContactToChange canWithdraw={pending && canClientCancel(booking)} />}
          <BookingDetails booking={booking} />
          {!pending && booking.adminNote && <TherapistNote note={booking.adminNote} />}
          <div className="space-y-3 rounded-md bg-muted/60 p-4 text-sm">
            <p className="flex items-start gap-2.5">
              <Mail className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>
                A confirmation email has been sent to{' '}
                <strong className="break-all font-semibold">{booking.email}</strong>.
              </span>
            </p>
            {holdsUntil && (
              <p className="flex items-start gap-2.5">
                <Hourglass className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>
                  This request holds your time until <strong className="font-semibold">{holdsUntil}</strong> (NZ time)
                  while it is reviewed.{' '}
                  {heldToStart
                    ? "You'll be told by email as soon as it is answered."
                    : "If it isn't confirmed by then, the time is released and you'll be told by email."}
                </span>
              </p>
            )}
          </div>
        </div>
      </StatusPanel>
    </BookingPageFrame>
  );
}
