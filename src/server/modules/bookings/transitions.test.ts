import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, type BookingStatus } from '@shared/constants';
import { canTransition, refusalMessage, type StatusActor } from './transitions';

// Every (actor, from, to) the spec allows; everything else is refused.
const allowed = new Set([
  'admin-review pending confirmed',
  'admin-review pending rejected',
  'admin-calendar pending confirmed',
  'admin-calendar pending cancelled',
  'admin-calendar confirmed cancelled',
  'client pending cancelled',
  'client confirmed cancelled',
]);

const actors: StatusActor[] = ['admin-review', 'admin-calendar', 'client'];
const cases = actors.flatMap((actor) =>
  BOOKING_STATUSES.flatMap((from) =>
    BOOKING_STATUSES.map((to) => [actor, from, to] as [StatusActor, BookingStatus, BookingStatus]),
  ),
);

describe('canTransition', () => {
  it.each(cases)('%s: %s -> %s', (actor, from, to) => {
    expect(canTransition(actor, from, to)).toBe(allowed.has(`${actor} ${from} ${to}`));
  });
});

describe('refusalMessage', () => {
  it('says what is wrong', () => {
    expect(refusalMessage('cancelled', 'cancelled')).toBe('This booking is already cancelled');
    expect(refusalMessage('confirmed', 'rejected')).toBe('A confirmed booking cannot be rejected; cancel it instead');
    expect(refusalMessage('rejected', 'confirmed')).toBe('This booking request was declined');
  });
});
