/** Display helpers shared by the public pages and the admin area: every date and time in Pacific/Auckland. */
import { format } from 'date-fns';
import { formatCents } from '@shared/money';
import { DAY_NAMES } from '@shared/constants';
import { dayOfWeek, formatLongDate, toNz } from '@shared/time';
import { formatTime12 } from '@shared/clock-time';

/** 'Wednesday, December 2, 2026' (the same wording as the calendar's day buttons). */
export function dayLabel(date: string): string {
  return `${DAY_NAMES[dayOfWeek(date)]}, ${formatLongDate(date)}`;
}

/** '60 minutes' */
export function formatDuration(minutes: number): string {
  return `${minutes} minutes`;
}

/** A travel fee: 'Free' for none. */
export function formatTravelFee(cents: number): string {
  return cents > 0 ? formatCents(cents) : 'Free';
}

/** '12.3 km' */
export function formatDistance(km: number): string {
  return `${km.toFixed(1)} km`;
}

/** 'about 25 min' / 'about 1 h 5 min' */
export function formatTravelTime(minutes: number): string {
  if (minutes < 60) return `about ${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `about ${h} h` : `about ${h} h ${m} min`;
}

/** 'March 5, 2025 at 2:30 PM' (a booking's date and time, both already NZ wall-clock). */
export function formatAppointment(date: string, time: string): string {
  return `${formatLongDate(date)} at ${formatTime12(time)}`;
}

/** An instant on the Auckland wall clock: 'Tuesday, November 24 at 4:15 PM'. */
export function formatNzDateTime(iso: string): string | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  return format(toNz(instant), "EEEE, MMMM d 'at' h:mm a");
}
