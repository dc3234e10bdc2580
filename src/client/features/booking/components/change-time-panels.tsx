/** The 'Change time' page's panels besides the picker (docs/product.md §4 "Changing a visit"): too close to change, and
 * moved. */
import { CalendarCheck2, PhoneCall } from 'lucide-react';
import { Link } from 'wouter';
import type { Booking } from '@shared/schemas/booking';
import { formatTime12 } from '@shared/clock-time';
import { Button } from '@/components/ui/button';
import { dayLabel } from '@/lib/format';
import { PANEL_TITLES } from '../texts';
import { BookingBrief } from './booking-details';
import { BookingPageFrame, HomeLink } from './booking-status-panels';
import { ContactToChange } from './contact-to-change';
import { StatusPanel } from './status-panel';

function BackToBooking({ href, variant = 'outline' }: { href: string; variant?: 'outline' | 'default' }) {
  return (
    <Button asChild variant={variant}>
      <Link href={href}>View Booking</Link>
    </Button>
  );
}

/** Inside CHANGE_CUTOFF_HOURS: no picker, why, and how to reach her. */
export function ChangeClosedPanel({ booking, confirmHref }: { booking: Booking; confirmHref: string }) {
  return (
    <BookingPageFrame>
      <StatusPanel
        icon={PhoneCall}
        tone="pending"
        title={PANEL_TITLES.changeClosed}
        lead="This visit is too close to change online."
        actions={<BackToBooking href={confirmHref} />}
      >
        <div className="flex flex-col gap-5">
          <ContactToChange />
          <BookingBrief booking={booking} />
        </div>
      </StatusPanel>
    </BookingPageFrame>
  );
}

/** The move went through: the new time, and the status it kept. */
export function TimeChangedPanel({ booking, confirmHref }: { booking: Booking; confirmHref: string }) {
  const when = `${dayLabel(booking.date)} at ${formatTime12(booking.time)}`;
  return (
    <BookingPageFrame>
      <StatusPanel
        icon={CalendarCheck2}
        tone="success"
        title={PANEL_TITLES.changed}
        lead={
          <>
            Your visit is now on <strong className="font-semibold text-foreground">{when}</strong> (NZ time).{' '}
            {booking.status === 'confirmed'
              ? 'It is still confirmed.'
              : 'It is still a request: you will hear by email as soon as it is confirmed.'}{' '}
            An email with the new time and an updated calendar file is on its way to {booking.email}.
          </>
        }
        actions={
          <>
            <BackToBooking href={confirmHref} variant="default" />
            <HomeLink />
          </>
        }
      >
        <BookingBrief booking={booking} />
      </StatusPanel>
    </BookingPageFrame>
  );
}
