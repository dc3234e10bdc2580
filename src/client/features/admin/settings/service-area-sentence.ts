/**
 * Her service area in one sentence, as a visitor's quote works it out (src/server/modules/travel/fees.ts: refused
 * beyond the limit, whatever the town; free in a local town; the travel fee up to the extended range's start; the
 * extended fee beyond it): 'Free within Paraparaumu and Waikanae; $10 up to 30 km; $20 from 30 to 40 km; no bookings
 * beyond 40 km.'
 */
import { formatCents } from '@shared/money';
import type { Settings } from '@shared/schemas/settings';

/** '$10' for whole dollars, '$12.50' otherwise. */
export function feeText(cents: number): string {
  const text = formatCents(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** 'A', 'A and B', 'A, B and C'. */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const priced = (cents: number) => (cents > 0 ? feeText(cents) : 'no fee');

export function serviceAreaSentence(area: Settings['serviceArea'], localTowns: readonly string[]): string {
  const { maxKm, extendedFromKm, outsideLocalFeeCents, extendedFeeCents } = area;
  const standardToKm = Math.min(extendedFromKm, maxKm);
  const hasExtended = extendedFromKm < maxKm;
  const parts: string[] = [];
  // The local towns matter only where a fee would otherwise be asked (never beyond the limit).
  const anyFee = (standardToKm > 0 && outsideLocalFeeCents > 0) || (hasExtended && extendedFeeCents > 0);
  if (localTowns.length > 0 && anyFee) parts.push(`free within ${listText(localTowns)}`);
  if (standardToKm > 0) parts.push(`${priced(outsideLocalFeeCents)} up to ${standardToKm} km`);
  if (hasExtended) {
    parts.push(
      extendedFromKm > 0
        ? `${priced(extendedFeeCents)} from ${extendedFromKm} to ${maxKm} km`
        : `${priced(extendedFeeCents)} up to ${maxKm} km`,
    );
  }
  parts.push(`no bookings beyond ${maxKm} km`);
  const sentence = parts.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
