/**
 * The figures of a client's page, from their bookings (docs/product.md §12). Pure.
 * A confirmed visit whose start has passed is held unless she marked it no-show; a no-show counts
 * as one, not as a visit, and adds nothing to the spend. A cancellation she marked late (docs/product.md §4 "Client
 * cancellation") counts beside the no-shows, not with the other cancellations.
 */
import type { BookingStatus, VisitOutcome } from '@shared/constants';
import type { ClientTotals } from '@shared/schemas/client';

export interface CountedBooking {
  status: BookingStatus;
  startsAt: Date;
  price: number;
  travelCost: number;
  outcome: VisitOutcome | null;
  lateCancellation: boolean;
}

const hasStarted = (b: CountedBooking, now: Date) => b.status === 'confirmed' && b.startsAt <= now;

export const isHeld = (b: CountedBooking, now: Date) => hasStarted(b, now) && b.outcome !== 'no-show';

export function clientTotals(list: readonly CountedBooking[], now: Date): ClientTotals {
  const totals: ClientTotals = { visits: 0, upcoming: 0, spend: 0, cancellations: 0, noShows: 0, lateCancellations: 0 };
  for (const b of list) {
    if (isHeld(b, now)) {
      totals.visits++;
      totals.spend += b.price + b.travelCost;
    } else if (hasStarted(b, now)) totals.noShows++;
    else if (b.status === 'confirmed') totals.upcoming++;
    else if (b.status === 'cancelled' && b.lateCancellation) totals.lateCancellations++;
    else if (b.status === 'cancelled') totals.cancellations++;
  }
  return totals;
}

/**
 * What the client still owes (docs/product.md §18.1): the owed of the visits held. A visit ahead is not owed yet, and a
 * no-show or a cancellation owes nothing unless she charges it (she records that as a payment).
 */
export function owedOfHeld(list: readonly (CountedBooking & { balance: { owedCents: number } })[], now: Date): number {
  return list.reduce((sum, b) => (isHeld(b, now) ? sum + b.balance.owedCents : sum), 0);
}

/** The addresses a client's bookings used, how often, and when last: the latest first. */
export function addressesOf(
  list: readonly { address: string; date: string }[],
): { address: string; bookings: number; lastUsedOn: string }[] {
  const byKey = new Map<string, { address: string; bookings: number; lastUsedOn: string }>();
  for (const { address, date } of list) {
    const key = address.trim().replace(/\s+/g, ' ').toLowerCase();
    // A booking anonymised by retention (clients/erasure.ts) keeps no address.
    if (key === '') continue;
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { address: address.trim(), bookings: 1, lastUsedOn: date });
    else {
      seen.bookings++;
      if (date > seen.lastUsedOn) seen.lastUsedOn = date;
    }
  }
  return [...byKey.values()].sort((a, b) => b.lastUsedOn.localeCompare(a.lastUsedOn) || b.bookings - a.bookings);
}

const POSTCODE = /\s*\b\d{4}$/;
const COUNTRY = /^(new zealand|nz|aotearoa)$/i;

/**
 * The suburb or town of an address, for telling two namesakes apart: the part after the street
 * ('12 Bow Street, Whale Bay, Raglan 3225' → 'Whale Bay'), postcode and country dropped; null when
 * the address is one part only.
 */
export function suburbOf(address: string | null): string | null {
  if (!address) return null;
  const parts = address
    .split(',')
    .map((p) => p.trim().replace(POSTCODE, '').trim())
    .filter((p) => p !== '' && !COUNTRY.test(p) && !/^\d+$/.test(p));
  return parts.length >= 2 ? parts[1]! : null;
}
