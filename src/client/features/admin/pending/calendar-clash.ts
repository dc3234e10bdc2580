/**
 * A pending request's clash with a busy time of her other calendars (docs/product.md §11), in words, pure:
 * 'Clashes with: School run (Family), 3:00-4:00 PM' on the Auckland wall clock.
 */
import type { CalendarClash } from '@shared/schemas/other-calendar';
import { clashText } from '@shared/time-range-text';

export const CLASH_BADGE = 'Clashes with your calendar';
/** When the server's 409 CALENDAR_CLASH carries no message. */
export const CLASH_SYNCED = 'This time now overlaps a busy time in your calendar.';
export const CLASH_ADVICE = 'Approve anyway if you can still make it; the client is not told about the clash.';

/** 'Clashes with: School run (Family), 3:00-4:00 PM': the server's CALENDAR_CLASH message uses the same words. */
export function clashLine(clash: CalendarClash): string {
  return `Clashes with: ${clashText(clash)}`;
}
