/**
 * What her screens say about a visit's outcome and notes (docs/product.md §14). Pure; the
 * times are Auckland's, whatever the browser's zone.
 */
import { format } from 'date-fns';
import type { VisitOutcome } from '@shared/constants';
import { nzDateOf, nzInstant, toNz } from '@shared/time';

export const OUTCOME_LABELS: Record<VisitOutcome, string> = { completed: 'Completed', 'no-show': 'No-show' };

/** A confirmed visit whose start has passed: she can mark it and write its notes. */
export function visitHasStarted(visit: { status: string; date: string; time: string }, now: Date): boolean {
  return visit.status === 'confirmed' && nzInstant(visit.date, visit.time) <= now;
}

/** '3:15 PM today', '3:15 PM tomorrow', or '3:15 PM on Thu 4 Dec'. */
function whenText(instant: Date, now: Date): string {
  const time = format(toNz(instant), 'h:mm a');
  const day = nzDateOf(instant);
  const today = nzDateOf(now);
  if (day === today) return `${time} today`;
  if (day === nzDateOf(new Date(now.getTime() + 86_400_000))) return `${time} tomorrow`;
  return `${time} on ${format(toNz(instant), 'EEE d MMM')}`;
}

/** 'Editable until 3:15 PM tomorrow', or null once the note can only be amended. */
export function editableText(editableUntil: string, now: Date): string | null {
  const until = new Date(editableUntil);
  return until >= now ? `Editable until ${whenText(until, now)}` : null;
}

export const canEditNote = (editableUntil: string, now: Date): boolean => new Date(editableUntil) >= now;

/** An amendment's or note's time: 'Thu 4 Dec 2025, 3:15 PM'. */
export const noteTimeText = (iso: string): string => format(toNz(new Date(iso)), 'EEE d MMM yyyy, h:mm a');
