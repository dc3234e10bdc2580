import { Clock } from 'lucide-react';
import { Link } from 'wouter';
import type { Booking } from '@shared/schemas/booking';
import { Button } from '@/components/ui/button';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { PANEL_TITLES } from '../texts';
import { BookingBrief } from './booking-details';
import { BookingPageFrame } from './booking-status-panels';
import { StatusPanel } from './status-panel';

/** The cancel page once the appointment has started: too late to cancel online, so e-mail instead. */
export function BookingStartedPanel({ booking, confirmHref }: { booking: Booking; confirmHref: string }) {
  const { data: practice } = usePracticeInfo();
  return (
    <BookingPageFrame>
      <StatusPanel
        icon={Clock}
        tone="muted"
        title={PANEL_TITLES.cancel}
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
        <BookingBrief booking={booking} />
      </StatusPanel>
    </BookingPageFrame>
  );
}
