/**
 * What one pending request shows, in the list and in the review dialog (docs/product.md §2
 * Pending Requests), pure: every date and time on the Auckland wall clock.
 * Relative imports only: its unit test imports this file (vitest knows only the @shared alias).
 */
import { telHref } from '@/lib/phone-text';
import { formatTime12 } from '@shared/clock-time';
import { formatCents } from '@shared/money';
import type { Booking, PendingBooking } from '@shared/schemas/booking';
import { displayServiceName } from '@shared/service-options';
import { formatShortDate } from '@shared/time';
import type { TravelSource } from '@shared/constants';
import { formatNzDateTime } from '../../../lib/format';
import { distanceWithSource } from '../shared/travel-source';

export const UNKNOWN_SERVICE = 'Unknown Service';
/** docs/product.md §2: the injury line when the client ticked the box but wrote nothing. */
export const INJURIES_WITHOUT_DETAIL = 'Client has reported injuries or medical conditions';

interface NamedService {
  id: number;
  name: string;
}

/**
 * The service name found by serviceLengthId (its current name); else the name the booking
 * was made under (a service since removed); else 'Unknown Service'. The duration is shown
 * beside it, so a trailing '- 60 min' is dropped.
 */
export function serviceNameFor(
  booking: Pick<Booking, 'serviceLengthId' | 'serviceName'>,
  services: readonly NamedService[] | undefined,
): string {
  const found = booking.serviceLengthId === null ? undefined : services?.find((s) => s.id === booking.serviceLengthId);
  const name = (found?.name ?? booking.serviceName ?? '').trim();
  return name ? displayServiceName(name) || name : UNKNOWN_SERVICE;
}

/** '{n} pending request(s)', word for word. */
export function pendingCountText(count: number): string {
  return `${count} pending request(s)`;
}

/** Her screens' bookings say whose distance it is (docs/product.md §19); a visitor's answer does not. */
type WithSource = { travelSource?: TravelSource | null };

/** '35.2 km, 40 min travel' ('35.2 km (estimate), …' for the offline estimate) when above 0; null otherwise. */
export function travelText(booking: Pick<Booking, 'distanceKm' | 'travelTimeMinutes'> & WithSource): string | null {
  if (booking.distanceKm === null || !(booking.distanceKm > 0)) return null;
  const minutes = booking.travelTimeMinutes ?? 0;
  const distance = distanceWithSource(booking.distanceKm, booking.travelSource);
  return minutes > 0 ? `${distance}, ${minutes} min travel` : distance;
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}

/** The injury line of the dialog: the details, or the §2 sentence when none were given; null without injuries. */
export function injuryText(booking: Pick<Booking, 'hasInjuries' | 'injuryDetails'>): string | null {
  if (!booking.hasInjuries) return null;
  return booking.injuryDetails?.trim() || INJURIES_WITHOUT_DETAIL;
}

/** Below this, the expiry line is shown as urgent. */
export const EXPIRY_URGENT_MS = 6 * 60 * 60_000;

export interface ExpiryView {
  /** 'Expires in 5 h 20 min' */
  text: string;
  urgent: boolean;
  /** 'Tuesday, November 24 at 4:15 PM' (Auckland). */
  nzTime: string;
}

function remaining(ms: number): string {
  const totalMinutes = Math.floor(ms / 60_000);
  if (totalMinutes < 1) return 'under a minute';
  if (totalMinutes < 60) return `${totalMinutes} min`;
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours < 24) return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  const dayWord = days === 1 ? 'day' : 'days';
  return restHours === 0 ? `${days} ${dayWord}` : `${days} ${dayWord} ${restHours} h`;
}

/**
 * How long an unanswered request still holds its time (docs/product.md §4 Pending expiry);
 * null when the booking carries no expiry.
 */
export function expiryView(expiresAt: string | null, now: Date): ExpiryView | null {
  if (!expiresAt) return null;
  const nzTime = formatNzDateTime(expiresAt);
  if (nzTime === null) return null;
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (ms <= 0) return { text: 'Expired', urgent: true, nzTime };
  return { text: `Expires in ${remaining(ms)}`, urgent: ms < EXPIRY_URGENT_MS, nzTime };
}

export interface PendingRequestView {
  id: number;
  /** '05 Mar 2025' */
  date: string;
  /** '2:30 PM' */
  time: string;
  clientName: string;
  hasInjuries: boolean;
  serviceName: string;
  /** '60 min, $80.00' */
  durationPrice: string;
  isOutsideServiceArea: boolean;
  /** The address could not be located: travel is checked by hand. */
  travelUnresolved: boolean;
  travel: string | null;
  email: string;
  emailHref: string;
  phone: string;
  phoneHref: string;
}

export function pendingRequestView(
  booking: Booking & WithSource,
  services: readonly NamedService[] | undefined,
): PendingRequestView {
  return {
    id: booking.id,
    date: formatShortDate(booking.date),
    time: formatTime12(booking.time),
    clientName: `${booking.firstName} ${booking.lastName}`.trim(),
    hasInjuries: booking.hasInjuries,
    serviceName: serviceNameFor(booking, services),
    durationPrice: `${booking.duration} min, ${formatCents(booking.price)}`,
    isOutsideServiceArea: booking.isOutsideServiceArea,
    travelUnresolved: booking.travelUnresolved,
    travel: travelText(booking),
    email: booking.email,
    emailHref: mailtoHref(booking.email),
    phone: booking.phone,
    phoneHref: telHref(booking.phone),
  };
}

/** One row of the list: the booking (for the dialog) and what the row shows. */
export interface PendingRow {
  booking: PendingBooking;
  view: PendingRequestView;
}

/** What the table and the cards take. */
export interface PendingListProps {
  rows: PendingRow[];
  now: Date;
  onReview: (booking: PendingBooking, decision: 'confirmed' | 'rejected') => void;
}
