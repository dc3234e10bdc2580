/**
 * Wall-clock times ('HH:mm') without dates or zones: no date library, so pages that only show
 * opening hours (the footer on every page) stay small.
 */

export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isValidTimeString(value: string): boolean {
  return TIME_RE.test(value);
}

/** 'HH:mm' -> minutes after midnight. */
export function timeToMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** minutes after midnight -> 'HH:mm'. */
export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** '2:30 PM' from 'HH:mm'. */
export function formatTime12(time: string): string {
  if (!isValidTimeString(time)) throw new RangeError(`Invalid time value: ${time}`);
  const minutes = timeToMinutes(time);
  const h24 = Math.floor(minutes / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(minutes % 60).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`;
}
