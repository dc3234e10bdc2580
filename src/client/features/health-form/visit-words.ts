/** The visit and the earlier form's dates in words, on the Auckland calendar. */
import { formatTime12 } from '@shared/clock-time';
import { formatLongDate, nzDateOf } from '@shared/time';
import { dayLabel } from '../../lib/format';

/** 'Wednesday, December 2, 2026 at 10:00 AM' (the booking's date and time are NZ wall-clock already). */
export function visitWhen(visit: { date: string; time: string }): string {
  return `${dayLabel(visit.date)} at ${formatTime12(visit.time)}`;
}

/** 'March 5, 2025': the NZ date of an instant; null for a value that is not one. */
export function formDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? null : formatLongDate(nzDateOf(instant));
}
