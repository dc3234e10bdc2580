import { AlertTriangle, CalendarClock, CalendarX2, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Booking } from '@shared/schemas/booking';
import { cancelClosedByCutoff, canClientReschedule } from '@shared/booking-rules';
import { bookingChangePath } from '@shared/booking-paths';
import { changeCutoffMessage } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { trackEvent } from '@/lib/analytics';
import { ApiError } from '@/lib/api';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { toast } from '@/lib/toast';
import { useCancelBooking, type CancelResult } from '../api/cancel-booking';
import { CHANGE_TIME, PANEL_TITLES } from '../texts';
import { BookingBrief } from './booking-details';
import { BookingPageFrame } from './booking-status-panels';
import { CancelPrompt } from './cancel-prompt';
import { DepositInstructions } from './deposit-instructions';
import { StatusPanel } from './status-panel';

interface CancelBookingPanelProps {
  booking: Booking;
  token: string;
  confirmHref: string;
  onCancelled: (result: CancelResult['kind']) => void;
}

/** The booking, a warning, and 'Confirm Cancellation', which asks once more before cancelling. */
export function CancelBookingPanel({ booking, token, confirmHref, onCancelled }: CancelBookingPanelProps) {
  const [promptOpen, setPromptOpen] = useState(false);
  const cancel = useCancelBooking(token, {
    onSuccess: (result) => {
      setPromptOpen(false);
      onCancelled(result.kind);
      if (result.kind === 'cancelled') {
        trackEvent('booking_cancelled');
        toast({ title: 'Success', description: 'Your booking has been cancelled' });
      } else {
        toast({ title: 'Note', description: 'This booking appears to be already cancelled or not found' });
      }
    },
    onError: (error) => {
      setPromptOpen(false);
      // The server's reason when it gives one (the change cut-off with her phone and e-mail).
      const reason = error instanceof ApiError ? error.body?.message : undefined;
      toast({ variant: 'destructive', title: 'Error', description: reason ?? 'Failed to cancel booking' });
    },
  });
  const { data: practice } = usePracticeInfo();
  // Inside CHANGE_CUTOFF_HOURS a confirmed visit is no longer cancelled online (docs/product.md §4 "Client
  // cancellation"): why, and how to reach her.
  const closed = practice && cancelClosedByCutoff(booking, practice.changeCutoffHours);
  // Another time may suit better than cancelling (docs/product.md §4 "Client cancellation"): offered while the link can
  // still move it.
  const canChange = practice && canClientReschedule(booking, practice.changeCutoffHours);

  return (
    <BookingPageFrame>
      <StatusPanel
        icon={CalendarX2}
        tone="danger"
        title={PANEL_TITLES.cancel}
        lead="Please check the details below before cancelling."
        actions={
          <>
            <Button asChild variant="outline">
              <Link href={confirmHref}>Go Back</Link>
            </Button>
            {canChange && (
              <Button asChild variant="outline">
                <Link href={bookingChangePath(token)}>
                  <CalendarClock aria-hidden />
                  {CHANGE_TIME}
                </Link>
              </Button>
            )}
            {!closed && (
              <Button
                type="button"
                variant="destructive"
                onClick={() => setPromptOpen(true)}
                disabled={cancel.isPending}
              >
                {cancel.isPending && <Loader2 className="animate-spin" aria-hidden />}
                Confirm Cancellation
              </Button>
            )}
          </>
        }
      >
        <div className="flex flex-col gap-5">
          <BookingBrief booking={booking} />
          <DepositInstructions deposit={booking.deposit} cancelling />
          <p
            role="note"
            className="flex items-start gap-2.5 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {closed ? (
              <span>{changeCutoffMessage(practice.changeCutoffHours, practice)}</span>
            ) : (
              <span>
                <strong className="font-semibold">This action cannot be undone.</strong> Once cancelled, the time is
                released for other clients.
              </span>
            )}
          </p>
        </div>
      </StatusPanel>

      <CancelPrompt
        booking={booking}
        open={promptOpen}
        onOpenChange={(open) => !cancel.isPending && setPromptOpen(open)}
        cancelling={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
    </BookingPageFrame>
  );
}
