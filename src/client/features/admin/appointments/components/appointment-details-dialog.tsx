/**
 * 'Appointment Details' (docs/product.md §2, §4): every field of the booking, and the actions
 * Cancel (pending or confirmed), Close, Confirm (pending only) and Send email/reminder
 * (confirmed only). Confirm keeps the dialog open on the updated booking; Cancel closes it. Confirming a request
 * whose client may be an existing one asks her first whether it is the same person (decision 034).
 */
import { AlertTriangle, CalendarClock, Loader2, MapPin, Phone, Mail, Repeat } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { hasStarted } from '@shared/booking-rules';
import type { MatchDecision } from '@shared/client-match';
import { formatCents } from '@shared/money';
import type { AdminBooking } from '@shared/schemas/booking';
import { displayServiceName } from '@shared/service-options';
import { formatTime12 } from '@shared/clock-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { dayLabel, formatDuration, formatNzDateTime, formatTravelFee, formatTravelTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { errorCode } from '@/lib/api';
import { serverMessage } from '../../shared/action-errors';
import { telHref } from '@/lib/phone-text';
import { mailtoUrl, mapsUrl } from '../contact-links';
import { useChangeAppointmentStatus, type StatusChange } from '../api/change-appointment-status';
import { TEXTS, TOASTS } from '../texts';
import { CancelAppointmentDialog } from './cancel-appointment-dialog';
import { ChangeTimeDialog } from './change-time-dialog';
import { ClashConfirmDialog, type ConfirmPromptKind } from './clash-confirm-dialog';
import { DetailRows, DetailSection } from './detail-rows';
import { MatchConfirmDialog } from './match-confirm-dialog';
import { ClientAlerts } from '../../shared/components/client-alerts';
import { PossibleMatchLine } from '../../shared/components/possible-match-line';
import { HealthLine } from '../../shared/components/health-line';
import { distanceWithSource } from '../../shared/travel-source';
import { SeriesDialog } from '../../shared/components/series-dialog';
import { SendEmailDialog } from './send-email-dialog';
import { PaymentsPanel } from './payments-panel';
import { StatusBadge } from './status-badge';
import { VisitActions } from './visit-actions';

/**
 * What she has confirmed on the way to confirming a visit, and her answer on a possible match: kept through the
 * prompts that may follow it (after 'Same person', the existing client's red flags count).
 */
type Confirmed = Pick<StatusChange, 'confirmClash' | 'confirmHealth' | 'clientMatch'>;

interface AppointmentDetailsDialogProps {
  /** The booking shown; null keeps the dialog closed. */
  booking: AdminBooking | null;
  onClose: () => void;
  /** The booking changed (confirmed): show the server's new version. */
  onChanged: (booking: AdminBooking) => void;
  /** Other areas' part of a visit (her receipts), given by the page. */
  visitExtras?: (booking: AdminBooking) => ReactNode;
}

export function AppointmentDetailsDialog({ booking, onClose, onChanged, visitExtras }: AppointmentDetailsDialogProps) {
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => !open && onClose()}>
      {/* The body scrolls between a fixed header and footer, so the actions are always in reach. */}
      <DialogContent className="flex max-w-xl flex-col gap-0 overflow-hidden p-0">
        <DialogHeader className="border-b px-6 pb-4 pt-6 pr-12">
          <DialogTitle>{TEXTS.detailsTitle}</DialogTitle>
          <DialogDescription>{TEXTS.detailsDescription}</DialogDescription>
        </DialogHeader>
        {/* Keyed, so the nested dialogs' state starts afresh for each booking. */}
        {booking && (
          <DetailsBody
            key={booking.id}
            booking={booking}
            onClose={onClose}
            onChanged={onChanged}
            extras={visitExtras?.(booking)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** What her answer on a possible match changed on the booking (the status answer does not say it). */
function matchDecided(booking: AdminBooking, seen: Confirmed): Partial<AdminBooking> {
  if (!booking.clientMatch || !seen.clientMatch) return {};
  return seen.clientMatch === 'link'
    ? { clientMatch: null, clientId: booking.clientMatch.clientId }
    : { clientMatch: null };
}

const link =
  'break-words text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm';

function orNone(text: string | null): string {
  return text && text.trim() ? text : 'None';
}

function DetailsBody({
  booking,
  onClose,
  onChanged,
  extras,
}: {
  booking: AdminBooking;
  onClose: () => void;
  onChanged: (booking: AdminBooking) => void;
  extras?: ReactNode;
}) {
  const [cancelOpen, setCancelOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const [seriesOpen, setSeriesOpen] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  /**
   * What the server asked her to look at before confirming (409 CALENDAR_CLASH or HEALTH_NOT_CONFIRMED),
   * with what she has confirmed so far: the second may follow the first.
   */
  const [prompt, setPrompt] = useState<{ kind: ConfirmPromptKind; message: string; seen: Confirmed } | null>(null);
  /** 'Is this the same person?' before confirming a request with a possible match, and her answer so far. */
  const [matchOpen, setMatchOpen] = useState(false);
  const [matchChoice, setMatchChoice] = useState<MatchDecision | null>(null);
  const confirm = useChangeAppointmentStatus('confirmed');
  const canCancel = booking.status === 'pending' || booking.status === 'confirmed';
  // Her 'Change time…' (docs/product.md §4 "Changing a visit"): any live visit that has not started; no change cut-off
  // for her.
  const canMove = canCancel && !hasStarted(booking);
  const injuries = booking.hasInjuries ? booking.injuryDetails?.trim() || TEXTS.injuriesNoDetail : 'None reported';

  const confirmBooking = (seen: Confirmed = {}) =>
    confirm.mutate(
      { id: booking.id, ...seen },
      {
        onSuccess: (updated) => {
          setPrompt(null);
          setMatchOpen(false);
          toast(TOASTS.confirmed);
          // The status answer is the booking alone: its client's alerts and health stay as they were; an answered
          // possible match is decided, and 'Same person' makes the visit the existing client's.
          onChanged({ ...booking, ...updated, healthForm: booking.healthForm, ...matchDecided(booking, seen) });
        },
        onError: (error) => {
          setMatchOpen(false);
          const code = errorCode(error);
          if (code === 'CALENDAR_CLASH')
            return setPrompt({ kind: 'clash', message: serverMessage(error) ?? TEXTS.clashFallback, seen });
          if (code === 'HEALTH_NOT_CONFIRMED')
            return setPrompt({ kind: 'health', message: serverMessage(error) ?? TEXTS.healthFallback, seen });
          setPrompt(null);
          toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.confirmFailed, variant: 'destructive' });
        },
      },
    );

  /** Confirm: a request whose client may be an existing one asks first; any other goes straight to the server. */
  const startConfirm = () => {
    if (!booking.clientMatch) return confirmBooking();
    setMatchChoice(null);
    setMatchOpen(true);
  };

  return (
    <>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-6 py-4">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={booking.status} />
          {booking.lateCancellation && <Badge variant="destructive">{TEXTS.lateCancellation}</Badge>}
          {booking.isOutsideServiceArea && <Badge variant="warning">{TEXTS.outsideArea}</Badge>}
          {(canMove || booking.status === 'confirmed') && (
            <div className="ml-auto flex flex-wrap gap-2">
              {canMove && (
                <Button type="button" size="sm" variant="outline" onClick={() => setMoveOpen(true)}>
                  <CalendarClock aria-hidden />
                  {TEXTS.changeTime}
                </Button>
              )}
              {booking.status === 'confirmed' && (
                <Button type="button" size="sm" variant="outline" onClick={() => setSeriesOpen(true)}>
                  <Repeat aria-hidden />
                  Repeat…
                </Button>
              )}
            </div>
          )}
        </div>
        <PossibleMatchLine match={booking.clientMatch} linked />
        <ClientAlerts alerts={booking.clientAlerts} />
        <VisitActions booking={booking} />
        {extras}
        <HealthLine flags={booking.healthFlags} status={booking.healthForm} />
        {booking.travelUnresolved && (
          <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            The address could not be located: check the distance and travel fee by hand.
          </p>
        )}

        <DetailSection title="Appointment">
          <DetailRows
            rows={[
              { label: 'Date', value: dayLabel(booking.date) },
              { label: 'Time', value: `${formatTime12(booking.time)} (NZ time)` },
              { label: 'Service', value: displayServiceName(booking.serviceName) },
              { label: 'Duration', value: formatDuration(booking.duration) },
              { label: 'Price', value: <span className="tabular-nums">{formatCents(booking.price)}</span> },
              {
                label: 'Travel fee',
                value: <span className="tabular-nums">{formatTravelFee(booking.travelCost)}</span>,
              },
              {
                label: 'Total',
                value: (
                  <span className="tabular-nums">{formatCents(booking.price + Math.max(0, booking.travelCost))}</span>
                ),
                strong: true,
              },
            ]}
          />
        </DetailSection>

        {/* A declined request takes no payment; one that took money before still shows it (to refund). */}
        {(booking.status !== 'rejected' || booking.balance.receivedCents !== 0) && (
          <PaymentsPanel bookingId={booking.id} />
        )}

        <DetailSection title="Client">
          <DetailRows
            rows={[
              { label: 'Name', value: `${booking.firstName} ${booking.lastName}` },
              {
                label: 'Address',
                value: (
                  <a href={mapsUrl(booking.address)} target="_blank" rel="noopener noreferrer" className={link}>
                    <MapPin className="mr-1 inline size-3.5 align-[-2px]" aria-hidden />
                    {booking.address}
                    <span className="sr-only"> (opens Google Maps in a new tab)</span>
                  </a>
                ),
              },
              {
                label: 'Phone',
                value: (
                  <a href={telHref(booking.phone)} className={link}>
                    <Phone className="mr-1 inline size-3.5 align-[-2px]" aria-hidden />
                    {booking.phone}
                  </a>
                ),
              },
              {
                label: 'Email',
                value: (
                  <a href={mailtoUrl(booking.email)} className={link}>
                    <Mail className="mr-1 inline size-3.5 align-[-2px]" aria-hidden />
                    {booking.email}
                  </a>
                ),
              },
            ]}
          />
        </DetailSection>

        <DetailSection title="Travel">
          <DetailRows
            rows={[
              {
                label: 'Distance',
                value:
                  booking.distanceKm !== null
                    ? distanceWithSource(booking.distanceKm, booking.travelSource)
                    : 'Not calculated',
              },
              {
                label: 'Travel time',
                value:
                  booking.travelTimeMinutes !== null ? formatTravelTime(booking.travelTimeMinutes) : 'Not calculated',
              },
            ]}
          />
        </DetailSection>

        <DetailSection title="Health and notes">
          <DetailRows
            rows={[
              { label: 'Injuries', value: <span className="whitespace-pre-line break-words">{injuries}</span> },
              {
                label: 'Client notes',
                value: <span className="whitespace-pre-line break-words">{orNone(booking.notes)}</span>,
              },
              {
                label: 'Admin note',
                value: <span className="whitespace-pre-line break-words">{orNone(booking.adminNote)}</span>,
              },
              {
                // docs/product.md §19: one she entered herself says so, and names the rule she booked over.
                label: booking.bookedBy ? 'Booked' : 'Requested',
                value: `${formatNzDateTime(booking.createdAt) ?? 'Unknown'}${booking.bookedBy ? ` by ${booking.bookedBy}` : ''}`,
              },
              ...(booking.overrideReason
                ? [{ label: 'Booked anyway', value: <span className="break-words">{booking.overrideReason}</span> }]
                : []),
            ]}
          />
        </DetailSection>
      </div>

      {/* Phone: the main action across the top, Cancel and Close below; wider: Cancel apart on the left. */}
      <div className="grid grid-cols-2 gap-2 border-t px-6 py-4 sm:flex sm:justify-end">
        {canCancel && (
          <Button
            type="button"
            variant="outline"
            className="text-red-700 hover:text-red-800 sm:mr-auto dark:text-red-300 dark:hover:text-red-200"
            onClick={() => setCancelOpen(true)}
          >
            Cancel
          </Button>
        )}
        <DialogClose asChild>
          <Button type="button" variant="outline" className={cn(!canCancel && 'col-span-2')}>
            Close
          </Button>
        </DialogClose>
        {booking.status === 'confirmed' && (
          <Button type="button" className="order-first col-span-2 sm:order-none" onClick={() => setEmailOpen(true)}>
            <Mail aria-hidden />
            {TEXTS.sendEmail}
          </Button>
        )}
        {booking.status === 'pending' && (
          <Button
            type="button"
            className="order-first col-span-2 sm:order-none"
            disabled={confirm.isPending}
            aria-busy={confirm.isPending || undefined}
            onClick={startConfirm}
          >
            {confirm.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Confirm
          </Button>
        )}
      </div>

      {canCancel && (
        <CancelAppointmentDialog
          booking={booking}
          open={cancelOpen}
          onOpenChange={setCancelOpen}
          onCancelled={() => {
            setCancelOpen(false);
            onClose();
          }}
        />
      )}
      <MatchConfirmDialog
        match={matchOpen ? booking.clientMatch : null}
        choice={matchChoice}
        onChoiceChange={setMatchChoice}
        pending={confirm.isPending}
        onConfirm={(clientMatch) => confirmBooking({ clientMatch })}
        onCancel={() => setMatchOpen(false)}
      />
      <ClashConfirmDialog
        kind={prompt?.kind}
        message={prompt?.message ?? null}
        pending={confirm.isPending}
        onConfirm={() =>
          prompt &&
          confirmBooking({
            ...prompt.seen,
            ...(prompt.kind === 'clash' ? { confirmClash: true } : { confirmHealth: true }),
          })
        }
        onCancel={() => setPrompt(null)}
      />
      <SeriesDialog origin={seriesOpen ? booking : null} onOpenChange={setSeriesOpen} />
      {canMove && (
        <ChangeTimeDialog
          booking={booking}
          open={moveOpen}
          onOpenChange={setMoveOpen}
          onMoved={(moved) => onChanged({ ...booking, ...moved, healthForm: booking.healthForm })}
        />
      )}
      {booking.status === 'confirmed' && (
        <SendEmailDialog booking={booking} open={emailOpen} onOpenChange={setEmailOpen} />
      )}
    </>
  );
}
