import { describe, expect, it } from 'vitest';
import type { TravelQuote } from '@shared/schemas/booking';
import {
  attemptFor,
  bookingTotal,
  buildBookingRequest,
  newIdempotencyKey,
  shouldQuote,
  travelFeeOf,
  type BookingFormValues,
} from './booking-request';

const values: BookingFormValues = {
  serviceLengthId: 1,
  date: '2026-12-02',
  time: '10:00',
  address: '12 Wallis Street, Raglan',
  firstName: 'Aroha',
  lastName: 'Smith',
  email: 'aroha@example.com',
  phone: '021 555 0123',
  hasInjuries: false,
  injuryDetails: null,
  notes: null,
  travelCost: 0,
  smsOptIn: false,
};

const quote = (over: Partial<TravelQuote>): TravelQuote => ({
  zone: 'extended',
  distanceKm: 35,
  travelTimeMinutes: 40,
  travelCost: 2000,
  isWithinServiceArea: true,
  isOutsideServiceArea: true,
  refused: false,
  unresolved: false,
  message: 'Extended range',
  ...over,
});

describe('buildBookingRequest', () => {
  it('adds duration, price and the travel estimate', () => {
    expect(buildBookingRequest(values, { duration: 90, price: 12000 }, quote({}))).toEqual({
      ...values,
      duration: 90,
      price: 12000,
      isOutsideServiceArea: true,
      travelCost: 2000,
      distanceKm: 35,
      travelTimeMinutes: 40,
    });
  });

  it('sends no travel fee without a usable quote', () => {
    const body = buildBookingRequest(values, { duration: 60, price: 8000 }, null);
    expect(body).toMatchObject({
      travelCost: 0,
      isOutsideServiceArea: false,
      distanceKm: null,
      travelTimeMinutes: null,
    });
    expect(travelFeeOf(quote({ unresolved: true }))).toBe(0);
    expect(travelFeeOf(quote({ refused: true }))).toBe(0);
  });
});

describe('money and triggers', () => {
  it('totals price and travel fee', () => {
    expect(bookingTotal(8000, 1000)).toBe(9000);
    expect(bookingTotal(8000, -5)).toBe(8000);
  });

  it('quotes travel only past 5 characters', () => {
    expect(shouldQuote('Ragla')).toBe(false);
    expect(shouldQuote('  Ragla  ')).toBe(false);
    expect(shouldQuote('Raglan')).toBe(true);
  });
});

describe('idempotency keys', () => {
  it('reuses the key for the same body and renews it for another', () => {
    let n = 0;
    const key = () => `key-${++n}`;
    const first = attemptFor(null, '{"a":1}', key);
    expect(first.key).toBe('key-1');
    expect(attemptFor(first, '{"a":1}', key)).toBe(first);
    expect(attemptFor(first, '{"a":2}', key).key).toBe('key-2');
  });

  it('makes UUID-shaped keys', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
