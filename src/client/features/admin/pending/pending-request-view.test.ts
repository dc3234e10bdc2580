import { telHref } from '@/lib/phone-text';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@shared/schemas/booking';
import {
  expiryView,
  injuryText,
  INJURIES_WITHOUT_DETAIL,
  mailtoHref,
  pendingCountText,
  pendingRequestView,
  serviceNameFor,
  travelText,
  UNKNOWN_SERVICE,
} from './pending-request-view';

const booking: Booking = {
  id: 7,
  serviceLengthId: 2,
  serviceName: 'Deep Tissue Massage',
  date: '2026-12-02',
  time: '14:30',
  duration: 90,
  price: 12000,
  travelCost: 1500,
  distanceKm: 35.24,
  travelTimeMinutes: 40,
  isOutsideServiceArea: true,
  travelUnresolved: false,
  address: '1 Main Road, Hamilton',
  hasInjuries: true,
  injuryDetails: null,
  firstName: 'Mere',
  lastName: 'Tester',
  email: 'mere@example.nz',
  phone: '021 123 4567',
  notes: null,
  cancelToken: 'token',
  status: 'pending',
  adminNote: null,
  createdAt: '2026-11-30T20:00:00.000Z',
  expiresAt: '2026-12-02T01:30:00.000Z',
};

const services = [
  { id: 1, name: 'Swedish Massage' },
  { id: 2, name: 'Deep Tissue - 90 min' },
];

describe('serviceNameFor (docs/product.md §2: found by serviceLengthId, else Unknown Service)', () => {
  it('uses the service found by id, without a trailing duration', () => {
    expect(serviceNameFor(booking, services)).toBe('Deep Tissue');
  });

  it("falls back to the booking's own service name, then to 'Unknown Service'", () => {
    expect(serviceNameFor({ serviceLengthId: 99, serviceName: 'Hot Stone' }, services)).toBe('Hot Stone');
    expect(serviceNameFor({ serviceLengthId: null, serviceName: 'Hot Stone' }, undefined)).toBe('Hot Stone');
    expect(serviceNameFor({ serviceLengthId: null, serviceName: '' }, services)).toBe(UNKNOWN_SERVICE);
    expect(serviceNameFor({ serviceLengthId: 99, serviceName: '  ' }, services)).toBe('Unknown Service');
  });
});

describe('the row', () => {
  it("reads '{n} pending request(s)' word for word", () => {
    expect(pendingCountText(1)).toBe('1 pending request(s)');
    expect(pendingCountText(2)).toBe('2 pending request(s)');
  });

  it('shows the NZ date as dd MMM yyyy, the time, the service, duration and price, travel and contact', () => {
    expect(pendingRequestView(booking, services)).toEqual({
      id: 7,
      date: '02 Dec 2026',
      time: '2:30 PM',
      clientName: 'Mere Tester',
      hasInjuries: true,
      serviceName: 'Deep Tissue',
      durationPrice: '90 min, $120.00',
      isOutsideServiceArea: true,
      travelUnresolved: false,
      travel: '35.2 km, 40 min travel',
      email: 'mere@example.nz',
      emailHref: 'mailto:mere@example.nz',
      phone: '021 123 4567',
      phoneHref: 'tel:0211234567',
    });
  });

  it('shows distance and travel minutes only when above 0', () => {
    expect(travelText({ distanceKm: 0, travelTimeMinutes: 0 })).toBeNull();
    expect(travelText({ distanceKm: null, travelTimeMinutes: null })).toBeNull();
    expect(travelText({ distanceKm: 4, travelTimeMinutes: 0 })).toBe('4.0 km');
  });

  it('says when the distance is the offline estimate (issue 40)', () => {
    expect(travelText({ distanceKm: 23, travelTimeMinutes: 23, travelSource: 'estimate' })).toBe(
      '23.0 km (estimate), 23 min travel',
    );
    expect(travelText({ distanceKm: 20.4, travelTimeMinutes: 18, travelSource: 'osm' })).toBe('20.4 km, 18 min travel');
  });

  it('builds tel: and mailto: links', () => {
    expect(telHref('+64 21 123-4567')).toBe('tel:+64211234567');
    expect(mailtoHref(' a@b.nz ')).toBe('mailto:a@b.nz');
  });

  it('gives the injury details, or the §2 sentence when none were given', () => {
    expect(injuryText(booking)).toBe(INJURIES_WITHOUT_DETAIL);
    expect(INJURIES_WITHOUT_DETAIL).toBe('Client has reported injuries or medical conditions');
    expect(injuryText({ hasInjuries: true, injuryDetails: ' Sore knee ' })).toBe('Sore knee');
    expect(injuryText({ hasInjuries: false, injuryDetails: 'ignored' })).toBeNull();
  });
});

describe('expiryView (how long an unanswered request holds its time, NZ clock)', () => {
  const expiresAt = '2026-12-02T01:30:00.000Z'; // 2 Dec 2026, 2:30 PM in Auckland (NZDT)
  const before = (ms: number) => new Date(new Date(expiresAt).getTime() - ms);
  const MIN = 60_000;

  it('says how long is left, urgent under 6 hours', () => {
    expect(expiryView(expiresAt, before(2 * 24 * 60 * MIN))).toMatchObject({
      text: 'Expires in 2 days',
      urgent: false,
    });
    expect(expiryView(expiresAt, before((25 * 60 + 5) * MIN))).toMatchObject({
      text: 'Expires in 1 day 1 h',
      urgent: false,
    });
    expect(expiryView(expiresAt, before((7 * 60 + 20) * MIN))).toMatchObject({
      text: 'Expires in 7 h 20 min',
      urgent: false,
    });
    expect(expiryView(expiresAt, before(5 * 60 * MIN))).toMatchObject({ text: 'Expires in 5 h', urgent: true });
    expect(expiryView(expiresAt, before(35 * MIN))).toMatchObject({ text: 'Expires in 35 min', urgent: true });
    expect(expiryView(expiresAt, before(20_000))).toMatchObject({ text: 'Expires in under a minute', urgent: true });
    expect(expiryView(expiresAt, before(-1))).toMatchObject({ text: 'Expired', urgent: true });
  });

  it('names the moment on the Auckland clock, whatever the process zone', () => {
    expect(expiryView(expiresAt, before(MIN))?.nzTime).toBe('Wednesday, December 2 at 2:30 PM');
  });

  it('is absent without an expiry', () => {
    expect(expiryView(null, new Date())).toBeNull();
    expect(expiryView('not a date', new Date())).toBeNull();
  });
});
