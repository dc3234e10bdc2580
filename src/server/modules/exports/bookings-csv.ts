/**
 * The bookings export for her accounts and GST (docs/product.md §2 "Export"): one row per booking, NZ dates and
 * times, money in dollars with two decimals and no '$' so a spreadsheet can sum it. Each booking
 * keeps the service name and prices it was booked with (docs/product.md §3), whatever the
 * service costs today.
 */
import { format } from 'date-fns';
import type { BookingStatus } from '@shared/constants';
import { toNz } from '@shared/time';
import { toCsv } from '../../http/csv';

/** What the export reads of a booking (the repository selects exactly this). */
export interface ExportBooking {
  id: number;
  date: string;
  time: string;
  status: BookingStatus;
  serviceName: string;
  duration: number;
  price: number;
  travelCost: number;
  distanceKm: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  createdAt: Date;
  statusChangedAt: Date;
  expiresAt: Date | null;
  expiredAt: Date | null;
}

export const EXPORT_COLUMNS = [
  'Date',
  'Time',
  'Status',
  'Service',
  'Duration (min)',
  'Price (NZD)',
  'Travel fee (NZD)',
  'Total (NZD)',
  'Distance (km)',
  'Client',
  'Email',
  'Phone',
  'Address',
  'Booking ID',
  'Requested (NZ)',
  'Status changed (NZ)',
] as const;

/** 8050 -> '80.50': integer arithmetic, so no float ever shows as 80.49999. */
export function centsToDollars(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '2025-03-05 14:30' on the Auckland wall clock. */
export const nzDateTime = (instant: Date): string => format(toNz(instant), 'yyyy-MM-dd HH:mm');

/**
 * The status as she knows it. The expiry job stores an unanswered request as rejected with
 * `expiredAt` (docs/product.md §4, Pending expiry); one past its `expiresAt` that the job has
 * not closed yet is expired too.
 */
export function exportStatus(b: Pick<ExportBooking, 'status' | 'expiresAt' | 'expiredAt'>, now: Date): string {
  if (b.status === 'rejected' && b.expiredAt) return 'Expired';
  if (b.status === 'pending' && b.expiresAt && b.expiresAt <= now) return 'Expired';
  return b.status.charAt(0).toUpperCase() + b.status.slice(1);
}

function bookingRecord(b: ExportBooking, now: Date): string[] {
  const status = exportStatus(b, now);
  return [
    b.date,
    b.time,
    status,
    b.serviceName,
    String(b.duration),
    centsToDollars(b.price),
    centsToDollars(b.travelCost),
    centsToDollars(b.price + b.travelCost),
    b.distanceKm === null ? '' : b.distanceKm.toFixed(1),
    `${b.firstName} ${b.lastName}`.trim(),
    b.email,
    b.phone,
    b.address,
    String(b.id),
    nzDateTime(b.createdAt),
    decidedAt(b, status),
  ];
}

/** When it was confirmed, cancelled, rejected or expired; blank while a request still waits. */
function decidedAt(b: ExportBooking, status: string): string {
  if (status === 'Pending') return '';
  if (b.expiredAt) return nzDateTime(b.expiredAt);
  if (b.status === 'pending' && b.expiresAt) return nzDateTime(b.expiresAt);
  return nzDateTime(b.statusChangedAt);
}

/** The file: the header row, then the bookings in the order given (by date and time). */
export function bookingsCsv(bookings: readonly ExportBooking[], now: Date): string {
  return toCsv([[...EXPORT_COLUMNS], ...bookings.map((b) => bookingRecord(b, now))]);
}
