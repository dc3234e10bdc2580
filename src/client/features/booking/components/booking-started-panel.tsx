import { Clock } from 'lucide-react';
import { Link } from 'wouter';
import type { Booking } from '@shared/schemas/booking';
import { Button } from '@/components/ui/button';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { PANEL_TITLES } from '../texts';
import { BookingBrief } from './booking-details';
import { BookingPageFrame } from './booking-status-panels';
import { StatusPanel } from './status-panel';

/** What the cancel and 'Change time' pages say once the visit has started. */
const STARTED = {
  cancel: {
    title: PANEL_TITLES.cancel,
    lead: 'This appointment has already started or passed, so it can no longer be cancelled online.',
    back: 'Go Back',
  },
  change: {
    title: PANEL_TITLES.change,
    lead: 'This appointment has already started or passed, so its time can no longer be changed online.',
    back: 'View Booking',
  },
} as const;

/** The cancel or 'Change time' page once the appointment has started: too late to do it online, so e-mail instead. */
export function BookingStartedPanel({
  booking,
  confirmHref,
  action,
}: {
  booking: Booking;
  confirmHref: string;
  action: keyof typeof STARTED;
}) {
  const { data: practice } = usePracticeInfo();
  const texts = STARTED[action];
  return (
    <BookingPageFrame>
      <StatusPanel
        icon={Clock}
        tone="muted"
        title={texts.title}
        lead={
          <>
            {texts.lead}
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
            <Link href={confirmHref}>{texts.back}</Link>
          </Button>
        }
      >
        <BookingBrief booking={booking} />
      </StatusPanel>
    </BookingPageFrame>
  );
}
