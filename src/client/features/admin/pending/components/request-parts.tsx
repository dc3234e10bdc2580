/** The pieces of one pending request, shared by the desktop table and the phone cards. */
import { Check, Clock, Mail, Phone, UserRoundSearch, X } from 'lucide-react';
import { Link } from 'wouter';
import type { ClientMatch } from '@shared/client-match';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { REQUEST_CLIENT_LINK, requestClientPath } from '../../shared/client-match-view';
import { expiryView, type PendingRequestView } from '../pending-request-view';

export function InjuryBadge() {
  return (
    <Badge
      variant="outline"
      className="border-transparent bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-100"
    >
      Has injuries
    </Badge>
  );
}

export function OutsideAreaBadge() {
  return <Badge variant="warning">Outside service area</Badge>;
}

export function ServiceSummary({ view }: { view: PendingRequestView }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words">{view.serviceName}</p>
      <p className="text-muted-foreground tabular-nums">{view.durationPrice}</p>
    </div>
  );
}

/** The outside-area badge and the distance with travel minutes, when there is something to say. */
export function TravelSummary({ view }: { view: PendingRequestView }) {
  if (!view.isOutsideServiceArea && !view.travel && !view.travelUnresolved) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {view.isOutsideServiceArea && <OutsideAreaBadge />}
      {view.travel && <span className="text-muted-foreground tabular-nums">{view.travel}</span>}
      {view.travelUnresolved && <span className="text-muted-foreground">Address not located: check travel</span>}
    </div>
  );
}

const contactLink =
  'inline-flex min-w-0 items-start gap-1.5 rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** An address that wraps after the '@' first, and anywhere only when it must. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="[overflow-wrap:anywhere]">{email}</span>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}

export function ContactLinks({ view }: { view: PendingRequestView }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <a href={view.emailHref} className={contactLink}>
        <Mail className="mt-[3px] size-3.5 shrink-0" aria-hidden />
        <EmailText email={view.email} />
      </a>
      <a href={view.phoneHref} className={contactLink}>
        <Phone className="mt-[3px] size-3.5 shrink-0" aria-hidden />
        <span className="tabular-nums">{view.phone}</span>
      </a>
    </div>
  );
}

interface RequestClientLinkProps {
  booking: { clientId: number | null; clientMatch: ClientMatch | null };
  clientName: string;
  className?: string;
}

/**
 * 'Open this request's client' under its possible match (decision 034): the request's own client page, whose notice
 * lets her decide 'Same person' or 'Someone else' without approving. Named for screen readers, as every such row has
 * one.
 */
export function RequestClientLink({ booking, clientName, className }: RequestClientLinkProps) {
  const href = requestClientPath(booking);
  if (!href) return null;
  return (
    <p className={className}>
      <Link href={href} className={contactLink}>
        <UserRoundSearch className="mt-[3px] size-3.5 shrink-0" aria-hidden />
        <span>
          {REQUEST_CLIENT_LINK}
          <span className="sr-only"> ({clientName})</span>
        </span>
      </Link>
    </p>
  );
}

/** How long the unanswered request still holds its time (docs/product.md §4 Pending expiry). */
export function ExpiryNote({ expiresAt, now, className }: { expiresAt: string | null; now: Date; className?: string }) {
  const expiry = expiryView(expiresAt, now);
  if (!expiry) return null;
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1 text-xs',
        expiry.urgent ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-muted-foreground',
        className,
      )}
    >
      <Clock className="size-3 shrink-0" aria-hidden />
      <time dateTime={expiresAt ?? undefined} title={`Holds its time until ${expiry.nzTime} (NZ time)`}>
        {expiry.text}
      </time>
    </p>
  );
}

interface ReviewButtonsProps {
  clientName: string;
  onApprove: () => void;
  onReject: () => void;
  className?: string;
}

/** Approve and Reject; each names the client for screen readers, as every row has the same two. */
export function ReviewButtons({ clientName, onApprove, onReject, className }: ReviewButtonsProps) {
  return (
    <div className={cn('flex gap-2', className)}>
      <Button type="button" size="sm" onClick={onApprove} className="flex-1 md:flex-none">
        <Check aria-hidden />
        Approve<span className="sr-only"> request from {clientName}</span>
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={onReject}
        className="flex-1 text-red-700 hover:text-red-800 md:flex-none dark:text-red-300 dark:hover:text-red-200"
      >
        <X aria-hidden />
        Reject<span className="sr-only"> request from {clientName}</span>
      </Button>
    </div>
  );
}
