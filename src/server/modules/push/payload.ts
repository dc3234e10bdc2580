/**
 * What each push says (docs/product.md "Push notifications"). A lock screen is public: the service, length, NZ day
 * and time and the suburb are enough for her to know what it is; never a client's name, health details or notes.
 */
import type { Booking } from '@shared/schemas/booking';
import type { PushKind } from '@shared/constants';
import { formatTime12 } from '@shared/clock-time';
import { nzInstant, toNz } from '@shared/time';
import { format } from 'date-fns';
import { suburbOf } from '../clients/totals';

export interface PushMessage {
  kind: PushKind;
  title: string;
  body: string;
  /** Where a tap opens (a path of the admin area). */
  url: string;
}

/** The booking's facts a push may show: service, length, NZ day and time, suburb. */
export type PushBookingFacts = Pick<Booking, 'id' | 'serviceName' | 'duration' | 'date' | 'time' | 'address'>;

/** '2 PM', '2:30 PM': the short form a lock screen has room for. */
export function shortTime(time: string): string {
  return formatTime12(time).replace(':00 ', ' ');
}

/** 'Thu 3 Dec' in NZ. */
export function shortDay(date: string): string {
  return format(toNz(nzInstant(date, '12:00')), 'EEE d MMM');
}

/** 'Swedish 60 min, Thu 3 Dec 2 PM, Raglan' */
function visitLine(b: PushBookingFacts): string {
  const suburb = suburbOf(b.address);
  return [`${b.serviceName} ${b.duration} min`, `${shortDay(b.date)} ${shortTime(b.time)}`, suburb]
    .filter(Boolean)
    .join(', ');
}

const appointmentsUrl = '/admin';

export function newRequestPush(b: PushBookingFacts): PushMessage {
  return {
    kind: 'new-request',
    title: `New request: ${visitLine(b)}`,
    body: `${shortTime(b.time)} NZ time. Open to accept or decline.`,
    url: appointmentsUrl,
  };
}

export function waitlistAcceptancePush(b: PushBookingFacts): PushMessage {
  return {
    kind: 'waitlist-acceptance',
    title: `Waitlist booked: ${visitLine(b)}`,
    body: `Someone on the waitlist took the ${shortTime(b.time)} NZ time. Open to accept or decline.`,
    url: appointmentsUrl,
  };
}

export function clientCancellationPush(b: PushBookingFacts): PushMessage {
  return {
    kind: 'client-cancellation',
    title: `Cancelled: ${visitLine(b)}`,
    body: `The client cancelled the ${shortTime(b.time)} NZ time visit. The time is free again.`,
    url: appointmentsUrl,
  };
}

export function testPush(): PushMessage {
  return {
    kind: 'test',
    title: 'Test notification',
    body: 'Notifications from your dashboard reach this phone.',
    url: '/admin',
  };
}

/** The JSON the service worker receives (src/client/sw/push-handlers.ts); the tag lets a newer push replace one. */
export function payloadOf(
  message: { kind: string; title: string; body: string; url: string },
  outboxId: number,
): string {
  return JSON.stringify({
    kind: message.kind,
    title: message.title,
    body: message.body,
    url: message.url,
    tag: `${message.kind}-${outboxId}`,
  });
}
