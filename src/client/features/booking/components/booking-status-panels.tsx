/** The panels the confirmation and cancel pages share, each inside the pages' frame. */
import { CalendarX2, SearchX, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { PANEL_TITLES } from '../texts';
import { StatusPanel, StatusPanelSkeleton } from './status-panel';

/** `wide` leaves room for the booking's details beside their labels. */
export function BookingPageFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto w-full ${wide ? 'max-w-3xl' : 'max-w-2xl'} px-4 py-8 sm:px-6 sm:py-12`}>{children}</div>
  );
}

export function HomeLink({ variant = 'outline' }: { variant?: 'outline' | 'default' }) {
  return (
    <Button asChild variant={variant}>
      <Link href="/">Return to Home</Link>
    </Button>
  );
}

/** The way out of a dead end: a new booking, or home. */
function StartOverActions({ newBookingLabel = 'Make a New Booking' }: { newBookingLabel?: string }) {
  return (
    <>
      <Button asChild>
        <Link href="/booking">{newBookingLabel}</Link>
      </Button>
      <HomeLink />
    </>
  );
}

export function BookingLoadingPanel({ wide = false }: { wide?: boolean }) {
  return (
    <BookingPageFrame wide={wide}>
      <StatusPanelSkeleton label="Loading your booking" />
    </BookingPageFrame>
  );
}

export function BookingNotFoundPanel({ lead }: { lead: string }) {
  return (
    <BookingPageFrame>
      <StatusPanel
        icon={SearchX}
        tone="muted"
        title={PANEL_TITLES.notFound}
        lead={lead}
        actions={<StartOverActions />}
      />
    </BookingPageFrame>
  );
}

export function BookingCancelledPanel({ lead, newBookingLabel }: { lead: string; newBookingLabel?: string }) {
  return (
    <BookingPageFrame>
      <StatusPanel
        icon={XCircle}
        tone="muted"
        title={PANEL_TITLES.cancelled}
        lead={lead}
        actions={<StartOverActions newBookingLabel={newBookingLabel} />}
      />
    </BookingPageFrame>
  );
}

/** A declined request, or one that expired unanswered. */
export function BookingDeclinedPanel({ lead, children }: { lead: string; children?: ReactNode }) {
  return (
    <BookingPageFrame>
      <StatusPanel
        icon={CalendarX2}
        tone="danger"
        title={PANEL_TITLES.declined}
        lead={lead}
        actions={<StartOverActions />}
      >
        {children}
      </StatusPanel>
    </BookingPageFrame>
  );
}
