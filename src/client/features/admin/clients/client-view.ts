/**
 * How the Clients tab and the client page show a client (docs/product.md §12): dates on
 * the Auckland calendar, money in NZ dollars, the totals in her words, a visit's row. Pure, unit-tested.
 */
import { format } from 'date-fns';
import { formatTime12 } from '@shared/clock-time';
import type { BookingStatus } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { ClientSummary, ClientTotals, ClientVisit } from '@shared/schemas/client';
import { isValidDateString, toNz } from '@shared/time';
import { formatDuration, formatTravelFee } from '../../../lib/format';

const DAY_FORMAT = 'EEE d MMM yyyy';

/** A calendar date (yyyy-MM-dd) as 'Tue 3 Dec 2026'; anything else as it came. */
export function formatClientDate(date: string): string {
  if (!isValidDateString(date)) return date;
  // A calendar date's weekday is the same in every zone: noon local time, no zone conversion.
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d, 12), DAY_FORMAT);
}

/** An instant as its Auckland date, 'Tue 3 Dec 2026'; null when there is none or it is not one. */
export function formatClientInstant(iso: string | null): string | null {
  if (!iso) return null;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? null : format(toNz(instant), DAY_FORMAT);
}

/** '3 visits', '1 visit', 'No visits'. */
export function visitsText(count: number): string {
  if (count === 0) return 'No visits';
  return `${count} ${count === 1 ? 'visit' : 'visits'}`;
}

export interface TotalRow {
  label: string;
  value: string;
}

/** The client page's Totals, in the order §12 lists them. */
export function totalsRows(totals: ClientTotals): TotalRow[] {
  return [
    { label: 'Visits', value: String(totals.visits) },
    { label: 'Upcoming', value: String(totals.upcoming) },
    { label: 'Spend', value: formatCents(totals.spend) },
    { label: 'Cancellations', value: String(totals.cancellations) },
    { label: 'No-shows', value: String(totals.noShows) },
    { label: 'Late cancellations', value: String(totals.lateCancellations) },
  ];
}

/** The client page's 'Owed' total (docs/product.md §18.1): what the visits held still owe. */
export const owedRow = (owedCents: number): TotalRow => ({ label: 'Owed', value: formatCents(owedCents) });

export type StatusTone = 'success' | 'warning' | 'destructive' | 'secondary';

const LATE_CANCELLATION_VIEW = { label: 'Late cancellation', tone: 'destructive' } as const;

const STATUS_VIEW: Record<BookingStatus, { label: string; tone: StatusTone }> = {
  confirmed: { label: 'Confirmed', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  cancelled: { label: 'Cancelled', tone: 'destructive' },
  rejected: { label: 'Declined', tone: 'secondary' },
};

/** A status the client does not know yet (a later issue may add one) reads as itself, capitalised. */
export function statusView(status: string): { label: string; tone: StatusTone } {
  const known = (STATUS_VIEW as Record<string, { label: string; tone: StatusTone } | undefined>)[status];
  if (known) return known;
  const words = status.replace(/[-_]+/g, ' ').trim();
  return { label: words.charAt(0).toUpperCase() + words.slice(1), tone: 'secondary' };
}

export interface VisitView {
  id: number;
  date: string;
  time: string;
  service: string;
  duration: string;
  status: { label: string; tone: StatusTone };
  price: string;
  travelFee: string;
  address: string;
}

/** One row of Visits: 'Tue 3 Dec 2026', '2:30 PM', '60 minutes', '$80.00', travel 'Free' or '$12.00'. */
export function visitView(visit: ClientVisit): VisitView {
  return {
    id: visit.bookingId,
    date: formatClientDate(visit.date),
    time: formatTime12(visit.time),
    service: visit.serviceName,
    duration: formatDuration(visit.duration),
    // Her 'Late cancellation' mark (docs/product.md §4 "Client cancellation") says more than 'Cancelled'.
    status: visit.lateCancellation ? LATE_CANCELLATION_VIEW : statusView(visit.status),
    price: formatCents(visit.price),
    travelFee: formatTravelFee(visit.travelCost),
    address: visit.address,
  };
}

/** Newest first (the server sends them so; sorted again so that the page never depends on it). */
export function newestFirst(visits: readonly ClientVisit[]): ClientVisit[] {
  return [...visits].sort(
    (a, b) => `${b.date} ${b.time}`.localeCompare(`${a.date} ${a.time}`) || b.bookingId - a.bookingId,
  );
}

export interface ClientRowView {
  id: number;
  name: string;
  email: string;
  phone: string;
  suburb: string | null;
  visits: string;
  lastVisit: string | null;
  alerts: ClientSummary['alerts'];
  /** The existing client this one may be, until she decides (decision 034): the list's 'Possible match of …' badge. */
  possibleMatch: ClientSummary['possibleMatch'];
  href: string;
}

export const clientPath = (id: number) => `/admin/clients/${id}`;

export function clientRowView(client: ClientSummary): ClientRowView {
  return {
    id: client.id,
    name: client.name,
    email: client.email,
    phone: client.phone,
    suburb: client.suburb,
    visits: String(client.visits),
    lastVisit: formatClientInstant(client.lastVisitAt),
    alerts: client.alerts,
    possibleMatch: client.possibleMatch,
    href: clientPath(client.id),
  };
}

/** The id in /admin/clients/{id}, or null when it is not a positive whole number. */
export function clientIdFromParam(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
