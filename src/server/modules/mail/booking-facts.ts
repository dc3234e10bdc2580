/**
 * A booking's facts as the e-mails word them, formatted once: dates and times in
 * Pacific/Auckland ('March 5, 2025', '2:30 PM (NZ time)': every time of day says its zone, docs/product.md §17),
 * money as '$80.00'.
 */
import { bookingCancelPath, bookingChangePath, bookingConfirmPath } from '@shared/booking-paths';
import { formatCents } from '@shared/money';
import type { Booking } from '@shared/schemas/booking';
import { formatLongDate, formatNzDateTime, formatNzInstant, formatNzTime } from '@shared/time';
import type { EmailContext } from './email-kinds';

type Row = [label: string, value: string];

export const confirmUrl = (b: Booking, ctx: EmailContext) => `${ctx.publicUrl}${bookingConfirmPath(b.cancelToken)}`;
export const cancelUrl = (b: Booking, ctx: EmailContext) => `${ctx.publicUrl}${bookingCancelPath(b.cancelToken)}`;
/** 'Change time' (docs/product.md §4 "Changing a visit"): the page that moves the visit. */
export const changeUrl = (b: Booking, ctx: EmailContext) => `${ctx.publicUrl}${bookingChangePath(b.cancelToken)}`;
/** The health form's private page (docs/product.md §13). */
export const healthFormUrl = (b: Booking, ctx: EmailContext) =>
  `${ctx.publicUrl}/booking/health/${encodeURIComponent(b.cancelToken)}`;
/** 'March 5, 2025 at 2:30 PM (NZ time)' */
export const when = (b: Pick<Booking, 'date' | 'time'>) => formatNzDateTime(b.date, b.time);
export const fullName = (b: Booking) => `${b.firstName} ${b.lastName}`;
export const contactLine = (ctx: EmailContext) => `${ctx.practice.email} or ${ctx.practice.phone}`;
export const total = (b: Booking) => formatCents(b.price + b.travelCost);

/** An ISO instant as an Auckland date and time: 'March 3, 2025 at 2:00 PM (NZ time)'. */
export function formatInstant(iso: string): string | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  return formatNzInstant(instant);
}

export function distanceText(b: Booking): string {
  if (b.travelUnresolved || b.distanceKm === null) return 'Unknown (address could not be located)';
  const km = `${Number(b.distanceKm).toFixed(1)} km`;
  return b.travelTimeMinutes ? `${km}, about ${b.travelTimeMinutes} min travel` : km;
}

/** Service, duration, date, time, address and money: what the client agreed to. */
export function appointmentRows(b: Booking): Row[] {
  const rows: Row[] = [
    ['Service', b.serviceName],
    ['Duration', `${b.duration} minutes`],
    ['Date', formatLongDate(b.date)],
    ['Time', formatNzTime(b.time)],
    ['Address', b.isOutsideServiceArea ? `${b.address}\n(Outside standard service area)` : b.address],
    ['Price', formatCents(b.price)],
  ];
  if (b.travelCost > 0) rows.push(['Travel fee', formatCents(b.travelCost)]);
  rows.push(['Total', total(b)]);
  return rows;
}

/** Who booked what and where: the first rows of every message to the practice. */
export function practiceRows(b: Booking): Row[] {
  return [
    ['Client', fullName(b)],
    ['Phone', b.phone],
    ['E-mail', b.email],
    ['Service', b.serviceName],
    ['Duration', `${b.duration} minutes`],
    ['Date', formatLongDate(b.date)],
    ['Time', formatNzTime(b.time)],
    ['Address', b.address],
  ];
}
