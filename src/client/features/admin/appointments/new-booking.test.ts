import { describe, expect, it } from 'vitest';
import type { ClientDetail } from '@shared/schemas/client';
import type { Service } from '@shared/schemas/service';
import type { AdminWaitlistEntry } from '@shared/schemas/waitlist';
import { newBookingPath } from '../shared/admin-paths';
import {
  bookingBody,
  bookingSourceOf,
  canOverride,
  emptyBooking,
  valuesFromClient,
  valuesFromWaitlist,
} from './new-booking';

const service = (id: number, name: string, options: [number, number][]): Service => ({
  id,
  name,
  description: '',
  duration: options[0]![0],
  price: options[0]![1],
  durationOptions: options.map(([duration, price]) => ({ duration, price })),
  depositCents: null,
  depositPercent: null,
});
const SERVICES = [
  service(1, 'Swedish Massage', [
    [60, 8000],
    [90, 12000],
  ]),
  service(2, 'Deep Tissue Massage', [
    [60, 9500],
    [120, 17000],
  ]),
];

const visit = (over: Partial<ClientDetail['visits'][number]>): ClientDetail['visits'][number] => ({
  bookingId: 1,
  date: '2026-11-02',
  time: '10:00',
  status: 'confirmed',
  serviceName: 'Swedish Massage',
  duration: 60,
  price: 8000,
  travelCost: 0,
  address: '12 Bow Street, Raglan',
  outcome: null,
  lateCancellation: false,
  hasNote: false,
  balance: { totalCents: 8000, receivedCents: 0, owedCents: 8000, status: 'unpaid' },
  ...over,
});

const client = (over: Partial<ClientDetail> = {}) =>
  ({
    id: 7,
    firstName: 'Hine',
    lastName: 'Walker',
    name: 'Hine Walker',
    email: 'hine@example.nz',
    phone: '021 765 4321',
    addresses: [
      { address: '3 Old Road, Whale Bay', bookings: 1, lastUsedOn: '2026-01-10' },
      { address: '12 Bow Street, Raglan', bookings: 3, lastUsedOn: '2026-11-02' },
    ],
    visits: [],
    ...over,
  }) as ClientDetail;

describe("'New booking' filled from a client ('Book again')", () => {
  it('takes their details, the address used last and their last visit’s service and duration', () => {
    const values = valuesFromClient(
      client({
        visits: [
          visit({ status: 'rejected', serviceName: 'Hot Stone Massage' }),
          visit({ serviceName: 'Deep Tissue Massage - 120 min', duration: 120 }),
        ],
      }),
      SERVICES,
    );
    expect(values).toEqual({
      firstName: 'Hine',
      lastName: 'Walker',
      email: 'hine@example.nz',
      phone: '021 765 4321',
      address: '12 Bow Street, Raglan',
      serviceLengthId: '2',
      duration: '120',
    });
  });

  it('leaves the service to her when the last one is no longer offered, and the first duration when it changed', () => {
    expect(valuesFromClient(client({ visits: [visit({ serviceName: 'Reiki' })] }), SERVICES)).not.toHaveProperty(
      'serviceLengthId',
    );
    expect(valuesFromClient(client({ visits: [visit({ duration: 45 })] }), SERVICES)).toMatchObject({
      serviceLengthId: '1',
      duration: '60',
    });
  });
});

describe("'New booking' filled from a waitlist entry", () => {
  const entry = {
    id: 3,
    firstName: 'Ana',
    lastName: 'Smith',
    email: 'ana@example.nz',
    phone: '021 123 4567',
    serviceName: 'Swedish Massage',
    duration: 90,
    dates: ['2026-11-01', '2026-11-05', '2026-11-06'],
    earliest: '13:00',
    latest: '15:00',
    address: '12 Bow Street, Raglan',
  } as AdminWaitlistEntry;

  it('takes the first wished date still to come and the earliest start', () => {
    expect(valuesFromWaitlist(entry, SERVICES, '2026-11-03')).toEqual({
      firstName: 'Ana',
      lastName: 'Smith',
      email: 'ana@example.nz',
      phone: '021 123 4567',
      address: '12 Bow Street, Raglan',
      date: '2026-11-05',
      time: '13:00',
      serviceLengthId: '1',
      duration: '90',
    });
    expect(valuesFromWaitlist(entry, SERVICES, '2026-11-07')).not.toHaveProperty('date');
  });
});

describe('the body and the refusals', () => {
  it('sends numbers, the client only when chosen, and override', () => {
    const values = { ...emptyBooking('2026-11-05'), serviceLengthId: '2', duration: '60', time: '10:15' };
    expect(bookingBody(values, null, false)).not.toHaveProperty('clientId');
    expect(bookingBody(values, null, false)).not.toHaveProperty('waitlistEntryId');
    expect(bookingBody(values, null, false, 3)).toMatchObject({ waitlistEntryId: 3 });
    expect(bookingBody(values, 7, true)).toMatchObject({
      clientId: 7,
      serviceLengthId: 2,
      duration: 60,
      time: '10:15',
      status: 'confirmed',
      notifyClient: true,
      override: true,
    });
  });

  it('offers Book anyway over a visitor’s rule, never over another visit', () => {
    expect(canOverride('SLOT_TAKEN')).toBe(true);
    expect(canOverride('ROUTE_DOES_NOT_FIT')).toBe(true);
    expect(canOverride('OUTSIDE_SERVICE_AREA')).toBe(true);
    expect(canOverride('BOOKING_OVERLAP')).toBe(false);
    expect(canOverride('VALIDATION_FAILED')).toBe(false);
    expect(canOverride(null)).toBe(false);
  });
});

describe('the address that opens it', () => {
  it('reads what newBookingPath writes, and nothing else', () => {
    for (const source of [{ kind: 'client', id: 12 } as const, { kind: 'waitlist', id: 3 } as const])
      expect(bookingSourceOf(newBookingPath(source).split('?')[1]!)).toEqual(source);
    expect(bookingSourceOf(newBookingPath().split('?')[1]!)).toBe('new');
    expect(bookingSourceOf('')).toBeNull();
    expect(bookingSourceOf('book=client-0')).toBeNull();
    expect(bookingSourceOf('book=client-abc')).toBeNull();
    expect(bookingSourceOf('book=booking-4')).toBeNull();
  });
});
