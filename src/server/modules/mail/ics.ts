/**
 * An iCalendar (RFC 5545) file for one booking: attached to the confirmation e-mail, and
 * servable by the site. Times are written in UTC, computed from the booking's Auckland
 * wall-clock date and time, so daylight-saving days come out right in every calendar app.
 */
import { bookingCancelPath, bookingConfirmPath } from '@shared/booking-paths';
import { formatCents } from '@shared/money';
import type { Booking } from '@shared/schemas/booking';
import { occupiedRange } from '../visits/occupied-range';
import type { EmailContext } from './email-kinds';

export const ICS_FILENAME = 'appointment.ics';
export const ICS_CONTENT_TYPE = 'text/calendar; method=PUBLISH';

/** RFC 5545 3.3.11 TEXT: backslash, semicolon, comma and line breaks are escaped. */
export function escapeIcsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- TEXT may not hold control characters other than tab
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/**
 * RFC 5545 3.1: lines longer than 75 octets are folded with CRLF and one space. Counts
 * UTF-8 bytes and never splits a character.
 */
export function foldIcsLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  let limit = 75;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
      limit = 74; // a continuation line starts with a space
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** 20250305T013000Z */
export function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The host name of the public URL, for UIDs and Message-IDs ('localhost' if it cannot be read). */
export function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

const statusOf = (b: Booking) =>
  b.status === 'pending' ? 'TENTATIVE' : b.status === 'confirmed' ? 'CONFIRMED' : 'CANCELLED';

/** A parameter value (CN=...): quoted, with the characters a quoted value may not hold removed. */
// eslint-disable-next-line no-control-regex -- a quoted value may not hold control characters
const paramValue = (value: string) => `"${value.replace(/["\r\n\u0000-\u001f]/g, '')}"`;

/**
 * `sequence` is the booking's ics_sequence (raised by a database trigger on every change a calendar
 * shows): with the same UID, a calendar app moves its copy of the event instead of adding one (a
 * reschedule, docs/product.md §4 "Changing a visit").
 */
export function bookingIcs(b: Booking, ctx: EmailContext, now: Date = new Date(), sequence = 0): string {
  const { practice, publicUrl } = ctx;
  // The appointment itself: the turnaround buffer is the practice's time, not the client's.
  const { startsAt, endsAt } = occupiedRange(b.date, b.time, b.duration, 0);
  const confirmUrl = `${publicUrl}${bookingConfirmPath(b.cancelToken)}`;
  const total = b.price + b.travelCost;
  const description = [
    `${b.serviceName} (${b.duration} minutes) with ${practice.therapistName}, ${practice.name}.`,
    `Total: ${formatCents(total)}`,
    `Contact: ${practice.email}, ${practice.phone}`,
    `View your booking: ${confirmUrl}`,
    `Cancel: ${publicUrl}${bookingCancelPath(b.cancelToken)}`,
  ].join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Homevisit//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(`booking-${b.id}@${hostOf(publicUrl)}`)}`,
    `DTSTAMP:${icsUtc(now)}`,
    `DTSTART:${icsUtc(startsAt)}`,
    `DTEND:${icsUtc(endsAt)}`,
    `SUMMARY:${escapeIcsText(`${b.serviceName} with ${practice.name}`)}`,
    `LOCATION:${escapeIcsText(b.address)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    `URL:${confirmUrl}`,
    `ORGANIZER;CN=${paramValue(practice.name)}:mailto:${practice.email}`,
    `STATUS:${statusOf(b)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(sequence))}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
