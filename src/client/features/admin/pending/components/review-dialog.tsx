/**
 * The one Approve/Reject dialog (docs/product.md §2 Pending Requests): the booking's summary, the
 * optional note, Cancel and 'Confirm Booking' / 'Reject Booking' ('Processing...' while the call runs).
 * A request that clashes with her other calendars (docs/product.md §11) shows each clash, and its approval
 * reads 'Approve anyway'. A request whose client may be an existing client (decision 034) shows how the two compare,
 * and its approval asks her whether it is the same person; Confirm waits for the answer.
 */
import { AlertTriangle } from 'lucide-react';
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import type { MatchDecision } from '@shared/client-match';
import { formatTime12 } from '@shared/clock-time';
import { LIMITS, type TravelSource } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { Booking } from '@shared/schemas/booking';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { dayLabel, formatNzDateTime, formatTravelTime } from '@/lib/format';
import { telHref } from '@/lib/phone-text';
import { injuryText, mailtoHref, pendingRequestView } from '../pending-request-view';
import {
  DECISION_WORDS,
  HEALTH_READ_LABEL,
  PROCESSING,
  matchAnswerMissing,
  submitLabel,
  type Decision,
} from '../review-decision';
import type { ReviewTarget } from '../use-review-dialog';
import { ClashNotice } from './clash-parts';
import { HealthLine } from '@/features/admin/shared/components/health-line';
import { distanceWithSource } from '@/features/admin/shared/travel-source';
import { MatchQuestion } from '@/features/admin/shared/components/match-question';
import { PossibleMatchLine } from '@/features/admin/shared/components/possible-match-line';
import { Checkbox } from '@/components/ui/checkbox';
import { OutsideAreaBadge } from './request-parts';

const NOT_CALCULATED = 'Not calculated';
const linkClass =
  'break-all text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm';

interface SummaryItem {
  label: string;
  value: ReactNode;
  /** Long values take the whole width when the summary has two columns. */
  wide?: boolean;
}

function summaryItems(
  booking: Booking & { travelSource?: TravelSource | null },
  serviceLine: string,
  injuries: string | null,
): SummaryItem[] {
  const unresolved = booking.travelUnresolved;
  const items: SummaryItem[] = [
    { label: 'Date', value: dayLabel(booking.date) },
    { label: 'Time', value: `${formatTime12(booking.time)} (NZ time)` },
    { label: 'Client', value: `${booking.firstName} ${booking.lastName}` },
    {
      label: 'Phone',
      value: (
        <a href={telHref(booking.phone)} className={linkClass}>
          {booking.phone}
        </a>
      ),
    },
    {
      label: 'Email',
      value: (
        <a href={mailtoHref(booking.email)} className={linkClass}>
          {booking.email}
        </a>
      ),
      wide: true,
    },
    { label: 'Service', value: serviceLine, wide: true },
    { label: 'Address', value: booking.address, wide: true },
    {
      label: 'Distance',
      value:
        booking.distanceKm !== null && !unresolved
          ? distanceWithSource(booking.distanceKm, booking.travelSource)
          : NOT_CALCULATED,
    },
    {
      label: 'Travel time',
      value:
        booking.travelTimeMinutes !== null && !unresolved
          ? formatTravelTime(booking.travelTimeMinutes)
          : NOT_CALCULATED,
    },
    {
      label: 'Travel fee',
      value: unresolved ? `${formatCents(booking.travelCost)} (not calculated)` : formatCents(booking.travelCost),
    },
  ];
  if (!injuries) items.push({ label: 'Injuries', value: 'None reported' });
  if (booking.notes)
    items.push({ label: 'Notes', value: <span className="whitespace-pre-line">{booking.notes}</span>, wide: true });
  return items;
}

function BookingSummary({
  booking,
  services,
}: {
  booking: Booking;
  services: readonly { id: number; name: string }[] | undefined;
}) {
  const view = pendingRequestView(booking, services);
  const injuries = injuryText(booking);
  const expires = booking.expiresAt ? formatNzDateTime(booking.expiresAt) : null;
  return (
    <section aria-label="Booking summary" className="space-y-3 rounded-lg border bg-muted/40 p-4 text-sm">
      {(booking.isOutsideServiceArea || booking.travelUnresolved) && (
        <div className="flex flex-wrap gap-2">
          {booking.isOutsideServiceArea && <OutsideAreaBadge />}
          {booking.travelUnresolved && (
            <p className="text-muted-foreground">The address could not be located: check travel by hand.</p>
          )}
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {summaryItems(booking, `${view.serviceName}, ${view.durationPrice}`, injuries).map(({ label, value, wide }) => (
          <div key={label} className={cn('flex gap-3', wide && 'sm:col-span-2')}>
            <dt className="w-20 shrink-0 text-muted-foreground">{label}</dt>
            <dd className="min-w-0 font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {injuries && (
        <div className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="min-w-0">
            <p className="font-semibold">Injuries or medical conditions</p>
            <p className="whitespace-pre-line break-words">{injuries}</p>
          </div>
        </div>
      )}
      {expires && (
        <p className="text-xs text-muted-foreground">
          Unanswered, this request holds its time until {expires} (NZ time).
        </p>
      )}
    </section>
  );
}

interface ReviewDialogProps {
  target: ReviewTarget | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  note: string;
  onNoteChange: (note: string) => void;
  /** The server's 409 CALENDAR_CLASH message (a clash synced since the list loaded). */
  clashNotice: string | null;
  /** The server's 409 HEALTH_NOT_CONFIRMED message (red flags since the list loaded). */
  healthNotice: string | null;
  /** Whether she ticked 'I have read the health answers'. */
  healthRead: boolean;
  onHealthReadChange: (read: boolean) => void;
  /** Her answer on the request's possible match, null until she picks one. */
  matchChoice: MatchDecision | null;
  onMatchChoiceChange: (choice: MatchDecision) => void;
  onSubmit: () => void;
  isPending: boolean;
  services: readonly { id: number; name: string }[] | undefined;
  /** Where focus goes when the dialog has closed (the dialog has no Radix trigger to return to). */
  focusAfterClose: () => HTMLElement | null;
}

const DESCRIPTION: Record<Decision, string> = {
  confirmed:
    'Check the request, then confirm it. The client will be notified by email, with your instructions if you add any.',
  rejected: 'The client will be notified by email that this request was declined, with your reason if you give one.',
};

export function ReviewDialog({
  target,
  open,
  onOpenChange,
  note,
  onNoteChange,
  clashNotice,
  healthNotice,
  healthRead,
  onHealthReadChange,
  matchChoice,
  onMatchChoiceChange,
  onSubmit,
  isPending,
  services,
  focusAfterClose,
}: ReviewDialogProps) {
  const healthId = useId();
  const noteId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  if (!target) return null;
  const { booking, decision } = target;
  const words = DECISION_WORDS[decision];
  const { clashes } = booking;
  const clashing = clashes.length > 0 || clashNotice !== null;
  const healthFlagged = decision === 'confirmed' && (booking.healthFlags.length > 0 || healthNotice !== null);
  const match = booking.clientMatch;
  const matchMissing = matchAnswerMissing(decision, match !== null, matchChoice);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={contentRef}
        className="focus:outline-none sm:max-w-2xl"
        // The summary comes first: start at the dialog itself, not at its first link.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          contentRef.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          const target = focusAfterClose();
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader className="pr-6 text-left">
            <DialogTitle>{words.title}</DialogTitle>
            <DialogDescription>{DESCRIPTION[decision]}</DialogDescription>
          </DialogHeader>
          <BookingSummary booking={booking} services={services} />
          {match &&
            (decision === 'confirmed' ? (
              <MatchQuestion
                match={match}
                choice={matchChoice}
                onChange={onMatchChoiceChange}
                disabled={isPending}
                className="rounded-md border p-3"
              />
            ) : (
              <PossibleMatchLine match={match} />
            ))}
          <ClashNotice clashes={clashes} serverMessage={clashNotice} approving={decision === 'confirmed'} />
          {healthFlagged && (
            <div
              role={healthNotice ? 'alert' : undefined}
              className="grid gap-2 rounded-md border border-red-300 p-3 dark:border-red-800/60"
            >
              <HealthLine flags={booking.healthFlags} status={booking.healthForm} />
              {healthNotice && <p className="text-sm [overflow-wrap:anywhere]">{healthNotice}</p>}
              <div className="flex items-center gap-2">
                <Checkbox
                  id={healthId}
                  checked={healthRead}
                  onCheckedChange={(checked) => onHealthReadChange(checked === true)}
                  disabled={isPending}
                />
                <Label htmlFor={healthId}>{HEALTH_READ_LABEL}</Label>
              </div>
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor={noteId}>{words.noteLabel}</Label>
            <Textarea
              id={noteId}
              value={note}
              onChange={(e) => onNoteChange(e.target.value)}
              placeholder={words.notePlaceholder}
              maxLength={LIMITS.textMax}
              rows={3}
              disabled={isPending}
              aria-describedby={`${noteId}-hint`}
            />
            <p id={`${noteId}-hint`} className="text-xs text-muted-foreground">
              Included in the email to the client.
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={decision === 'rejected' ? 'destructive' : 'default'}
              disabled={isPending || (healthFlagged && !healthRead) || matchMissing}
            >
              {isPending ? PROCESSING : submitLabel(decision, clashing)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
