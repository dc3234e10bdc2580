/** The day sheet's words and links (docs/product.md §17), pure and unit-tested: NZ times, drive lines, maps and phone
 * links. */
import { format } from 'date-fns';
import type { DaySheet, DaySheetVisit } from '@shared/schemas/day-sheet';
import { addDaysToDate, nzToday, toNz } from '@shared/time';

export type SheetDay = 'today' | 'tomorrow';

/** The NZ date of 'Today' or 'Tomorrow' at `now`. */
export function sheetDate(day: SheetDay, now = new Date()): string {
  const today = nzToday(now);
  return day === 'today' ? today : addDaysToDate(today, 1);
}

/** '7:42 AM' on the Auckland clock. */
export function nzClock(iso: string): string {
  return format(toNz(new Date(iso)), 'h:mm a');
}

/** 'Last updated 7:42 AM' (with the day when it is not the sheet's generation day in NZ: 'Thu 26 Nov, 9:05 PM'). */
export function lastUpdatedText(generatedAt: string, now = new Date()): string {
  const at = new Date(generatedAt);
  const sameDay = nzToday(at) === nzToday(now);
  return `Last updated ${sameDay ? nzClock(generatedAt) : format(toNz(at), 'EEE d MMM, h:mm a')}`;
}

/** '10:00 AM – 11:00 AM' */
export const visitTimes = (v: Pick<DaySheetVisit, 'startsAt' | 'endsAt'>) =>
  `${nzClock(v.startsAt)} – ${nzClock(v.endsAt)}`;

/** 'Drive 48 min, 45.2 km' before a visit; null when the places are unknown. */
export function driveText(
  v: Pick<DaySheetVisit, 'driveFromPreviousMinutes' | 'driveKm'>,
  first: boolean,
): string | null {
  if (v.driveFromPreviousMinutes === null) return null;
  const km = v.driveKm === null ? '' : `, ${v.driveKm.toFixed(1)} km`;
  return `${first ? 'From base' : 'Drive'} ${Math.round(v.driveFromPreviousMinutes)} min${km}`;
}

/** '3 visits · 92.4 km' */
export function sheetSummary(sheet: Pick<DaySheet, 'visits' | 'totalKm'>): string {
  const n = sheet.visits.length;
  return `${n} ${n === 1 ? 'visit' : 'visits'} · ${sheet.totalKm.toFixed(1)} km`;
}

/** Directions to the address in Google Maps (the app on Android, the site elsewhere). */
export const googleMapsUrl = (address: string) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;

/** Directions in Apple Maps (the app on an iPhone). */
export const appleMapsUrl = (address: string) => `https://maps.apple.com/?daddr=${encodeURIComponent(address)}`;

/** An iPhone or iPad (iPadOS says 'Macintosh' but has touch): Apple Maps is the first link there. */
export function isAppleDevice(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
