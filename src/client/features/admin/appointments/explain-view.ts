/**
 * 'Why this time?' (docs/product.md §11), pure: the server's answer as she reads it: each start time as
 * '3:00 PM', offered or not, every reason with a short label; the filter; the choices of the form.
 * Imports only @shared, so the unit tests can load it.
 */
import { format } from 'date-fns';
import { formatTime12 } from '@shared/clock-time';
import { nzInstant, toNz } from '@shared/time';
import type { AvailabilityExplanation, ExplainReasonCode } from '@shared/schemas/other-calendar';
import { serviceOptions } from '@shared/service-options';

/** The short label beside each reason's icon (the server writes the message itself). */
export const REASON_LABELS: Record<ExplainReasonCode, string> = {
  OUTSIDE_HOURS: 'Hours',
  BLOCKED_DATE: 'Blocked date',
  BOOKING: 'Booking',
  ROUTE: 'Drive',
  EXTERNAL_BUSY: 'Your calendar',
  MIN_NOTICE: 'Notice',
  HORIZON: 'Too far ahead',
  PAST: 'Past',
};

export const NOT_LOCATED = 'The address could not be located: an unknown drive is assumed.';

export type ExplainFilter = 'offered' | 'all';

export interface ExplainRow {
  key: string;
  /** '3:00 PM' */
  time: string;
  offered: boolean;
  reasons: AvailabilityExplanation['slots'][number]['reasons'];
}

export function explainRows(answer: AvailabilityExplanation, filter: ExplainFilter): ExplainRow[] {
  return answer.slots
    .filter((slot) => filter === 'all' || slot.offered)
    .map((slot) => ({ key: slot.time, time: formatTime12(slot.time), offered: slot.offered, reasons: slot.reasons }));
}

/** '3 of 16 times offered on Tue 1 Dec (60 min visit)': the date in words, whatever the date field's locale. */
export function offeredSummary(answer: AvailabilityExplanation): string {
  const offered = answer.slots.filter((s) => s.offered).length;
  const total = answer.slots.length;
  const day = format(toNz(nzInstant(answer.date, '12:00')), 'EEE d MMM');
  return `${offered} of ${total} time${total === 1 ? '' : 's'} offered on ${day} (${answer.durationMinutes} min visit)`;
}

/** The durations a service offers, for the duration select; none without a service. */
export function durationChoices(
  service: Parameters<typeof serviceOptions>[0] | undefined,
): { value: string; label: string }[] {
  if (!service) return [];
  return serviceOptions(service).map((o) => ({ value: String(o.duration), label: `${o.duration} min` }));
}

export interface ExplainParams {
  date: string;
  address?: string;
  serviceId?: number;
  duration?: number;
}

/** The query string: only what she gave (a blank address is no address). */
export function explainSearch(params: ExplainParams): string {
  const search = new URLSearchParams({ date: params.date });
  const address = params.address?.trim();
  if (address) search.set('address', address);
  if (params.serviceId !== undefined) search.set('serviceId', String(params.serviceId));
  if (params.duration !== undefined) search.set('duration', String(params.duration));
  return search.toString();
}
