/**
 * The nearest times that fit, for an occurrence of a series that does not (docs/product.md §4
 * "Regulars"): same day first (closest to the series' time), then the neighbouring days (the nearer day
 * first, then the closer time), a few of them, at most SERIES_ALTERNATIVES_PER_DAY from one day so that she
 * sees more than one day's choice. Pure: the caller passes what loadOfferedSlots offers on
 * the dates around, so every alternative is a time a new booking would get.
 */
import { timeToMinutes } from '@shared/clock-time';
import {
  SERIES_ALTERNATIVE_DAYS,
  SERIES_ALTERNATIVES_MAX,
  SERIES_ALTERNATIVES_PER_DAY,
  type Slot,
} from '@shared/schemas/series';
import { DAY_MS } from '@shared/time';

const daysBetween = (a: string, b: string) => Math.round(Math.abs(Date.parse(a) - Date.parse(b)) / DAY_MS);

export function nearestAlternatives(
  offered: readonly { date: string; timeSlots: readonly string[] }[],
  wanted: Slot,
  options: { days?: number; max?: number } = {},
): Slot[] {
  const days = options.days ?? SERIES_ALTERNATIVE_DAYS;
  const max = options.max ?? SERIES_ALTERNATIVES_MAX;
  const minutes = timeToMinutes(wanted.time);
  const candidates: { slot: Slot; day: number; gap: number }[] = [];
  for (const day of offered) {
    const apart = daysBetween(day.date, wanted.date);
    if (apart > days) continue;
    for (const time of day.timeSlots) {
      if (apart === 0 && time === wanted.time) continue;
      candidates.push({ slot: { date: day.date, time }, day: apart, gap: Math.abs(timeToMinutes(time) - minutes) });
    }
  }
  candidates.sort(
    (a, b) =>
      a.day - b.day ||
      a.gap - b.gap ||
      a.slot.date.localeCompare(b.slot.date) ||
      a.slot.time.localeCompare(b.slot.time),
  );
  const perDay = new Map<string, number>();
  const chosen: Slot[] = [];
  for (const c of candidates) {
    const taken = perDay.get(c.slot.date) ?? 0;
    if (taken >= SERIES_ALTERNATIVES_PER_DAY) continue;
    perDay.set(c.slot.date, taken + 1);
    chosen.push(c.slot);
    if (chosen.length >= max) break;
  }
  return chosen;
}
