/**
 * After a confirmed visit's start (docs/product.md §14): 'Completed' and 'No-show' (the
 * chosen one shown as a badge, and changeable), and 'Notes' for her treatment notes.
 */
import { useState } from 'react';
import type { VisitOutcome } from '@shared/constants';
import type { AdminBooking } from '@shared/schemas/booking';
import { formatTime12 } from '@shared/clock-time';
import { Button } from '@/components/ui/button';
import { dayLabel } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { serverMessage } from '../../shared/action-errors';
import { useMarkVisitOutcome } from '../../shared/api/mark-visit-outcome';
import { OutcomeBadge } from '../../shared/components/outcome-badge';
import { VisitNotesDialog } from '../../shared/components/visit-notes-dialog';
import { useNow } from '../../shared/use-now';
import { OUTCOME_LABELS, visitHasStarted } from '../../shared/visit-notes-view';

export function VisitActions({ booking, className }: { booking: AdminBooking; className?: string }) {
  const now = useNow();
  const mark = useMarkVisitOutcome();
  // The answer shows at once; the lists refresh behind it.
  const [outcome, setOutcome] = useState<VisitOutcome | null>(booking.outcome);
  if (!visitHasStarted(booking, now)) return null;

  const choose = (next: VisitOutcome) =>
    mark.mutate(
      { bookingId: booking.id, outcome: next },
      {
        onSuccess: (answer) => setOutcome(answer.outcome),
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessage(error) ?? 'The visit could not be marked',
            variant: 'destructive',
          }),
      },
    );

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)} aria-label="After the visit">
      <OutcomeBadge outcome={outcome} />
      {(['completed', 'no-show'] as const).map((option) => (
        <Button
          key={option}
          type="button"
          size="sm"
          variant={outcome === option ? 'secondary' : 'outline'}
          aria-pressed={outcome === option}
          disabled={mark.isPending || outcome === option}
          onClick={() => choose(option)}
        >
          {OUTCOME_LABELS[option]}
        </Button>
      ))}
      <VisitNotesDialog
        bookingId={booking.id}
        visitLabel={`${booking.firstName} ${booking.lastName}, ${dayLabel(booking.date)} at ${formatTime12(booking.time)}`}
        canWrite={outcome !== 'no-show'}
        hasNote={booking.hasNote}
      />
    </div>
  );
}
