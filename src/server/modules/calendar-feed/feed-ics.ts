/**
 * The therapist's appointments as one iCalendar (RFC 5545) subscription feed
 * (docs/product.md §2 Calendar feed). A calendar app re-reads the whole file and matches
 * events by UID, so:
 * - each booking keeps one UID forever (the same as its e-mail attachment's, see ../mail/ics.ts);
 * - SEQUENCE is the booking's ics_sequence, which a database trigger bumps on every change a
 *   calendar shows, so apps take the new version;
 * - a booking that is no longer on (cancelled, declined or expired) stays in the feed as
 *   STATUS:CANCELLED, so apps that kept a copy drop it rather than keep a ghost.
 * Times are UTC instants from the stored starts_at/ends_at (the appointment itself, without
 * the turnaround buffer), so daylight-saving days come out right in every app.
 */
import { BUSINESS_TIME_ZONE } from '@shared/constants';
import { formatCents } from '@shared/money';
import { DAY_MS } from '@shared/time';
import { escapeIcsText, foldIcsLine, hostOf, icsUtc } from '../mail/ics';
import type { FeedBookingRow } from './repository';

/** What one event needs of a booking row. */
export type FeedBooking = Pick<
  FeedBookingRow,
  | 'id'
  | 'status'
  | 'serviceName'
  | 'duration'
  | 'price'
  | 'travelCost'
  | 'address'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'notes'
  | 'startsAt'
  | 'endsAt'
  | 'createdAt'
  | 'updatedAt'
  | 'expiredAt'
  | 'icsSequence'
>;

export interface FeedContext {
  practiceName: string;
  /** The site's public URL, without a trailing slash. */
  publicUrl: string;
}

/**
 * The feed holds appointments that start from this many days ago onwards: enough history to
 * look back on a month or a quarter, while the file stays small as years of bookings pile up.
 * Older events leave the feed; calendar apps then drop them from the subscription too.
 */
export const FEED_PAST_DAYS = 90;

export const feedWindowStart = (now: Date) => new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS);

/** How often calendar apps are asked to re-read the feed (Google decides for itself). */
export const FEED_REFRESH = 'PT15M';

/** The same UID as the booking's e-mail attachment: one event per booking, forever. */
export const bookingUid = (id: number, publicUrl: string) => `booking-${id}@${hostOf(publicUrl)}`;

const eventStatus = (b: FeedBooking) =>
  b.status === 'confirmed' ? 'CONFIRMED' : b.status === 'pending' ? 'TENTATIVE' : 'CANCELLED';

/**
 * Says in the title what the status means, for apps that show cancelled events struck through rather than hide them.
 */
function summaryPrefix(b: FeedBooking): string {
  switch (b.status) {
    case 'confirmed':
      return '';
    case 'pending':
      return 'Pending: ';
    case 'cancelled':
      return 'Cancelled: ';
    case 'rejected':
      return b.expiredAt ? 'Expired: ' : 'Declined: ';
  }
}

export function eventSummary(b: FeedBooking): string {
  return `${summaryPrefix(b)}${b.serviceName} – ${b.firstName} ${b.lastName}`;
}

export function eventDescription(b: FeedBooking, publicUrl: string): string {
  const lines = [
    `Client: ${b.firstName} ${b.lastName}`,
    `Phone: ${b.phone}`,
    `Email: ${b.email}`,
    `Duration: ${b.duration} minutes`,
    `Price: ${formatCents(b.price)}`,
    `Travel fee: ${formatCents(b.travelCost)}`,
    `Total: ${formatCents(b.price + b.travelCost)}`,
  ];
  if (b.notes) lines.push(`Notes: ${b.notes}`);
  if (b.status === 'pending') lines.push('Not confirmed yet: approve or reject it in Pending Requests.');
  lines.push(`Manage: ${publicUrl}/admin/appointments`);
  return lines.join('\n');
}

function eventLines(b: FeedBooking, publicUrl: string): string[] {
  const live = b.status === 'confirmed' || b.status === 'pending';
  return [
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(bookingUid(b.id, publicUrl))}`,
    `DTSTAMP:${icsUtc(b.updatedAt)}`,
    `CREATED:${icsUtc(b.createdAt)}`,
    `LAST-MODIFIED:${icsUtc(b.updatedAt)}`,
    `SEQUENCE:${b.icsSequence}`,
    `DTSTART:${icsUtc(b.startsAt)}`,
    `DTEND:${icsUtc(b.endsAt)}`,
    `SUMMARY:${escapeIcsText(eventSummary(b))}`,
    `LOCATION:${escapeIcsText(b.address)}`,
    `DESCRIPTION:${escapeIcsText(eventDescription(b, publicUrl))}`,
    `URL:${publicUrl}/admin/appointments`,
    `STATUS:${eventStatus(b)}`,
    // A cancelled slot no longer makes her busy.
    `TRANSP:${live ? 'OPAQUE' : 'TRANSPARENT'}`,
    'CLASS:PRIVATE',
    'END:VEVENT',
  ];
}

export function feedIcs(items: readonly FeedBooking[], ctx: FeedContext): string {
  const name = escapeIcsText(`${ctx.practiceName} appointments`);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Homevisit//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${name}`,
    `X-WR-CALNAME:${name}`,
    `X-WR-TIMEZONE:${BUSINESS_TIME_ZONE}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}`,
    `X-PUBLISHED-TTL:${FEED_REFRESH}`,
    ...items.flatMap((b) => eventLines(b, ctx.publicUrl)),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
