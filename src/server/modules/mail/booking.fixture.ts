/** A booking, a practice and an e-mail context for tests that need one without an API. */
import type { Booking } from '@shared/schemas/booking';
import { practiceProfileSchema } from '../../practice-profile';
import type { EmailContext } from './email-kinds';

/** Parsed, so fields the profile gains later get their defaults. */
export const testPractice = practiceProfileSchema.parse({
  name: 'Whāingaroa Mobile Massage',
  shortName: 'Whāingaroa Massage',
  tagline: 'Relaxing Swedish massage at your door.',
  intro: ['Kia ora.'],
  blurb: 'Holistic Swedish massage at home.',
  therapistName: 'Aroha',
  locality: 'Raglan, Waikato',
  region: 'Waikato',
  email: 'hello@whaingaroa-massage.example.nz',
  phone: '021 555 0123',
  socialUrl: null,
  socialLabel: null,
  base: { lat: -37.8008, lon: 174.8706 },
  localTowns: ['Raglan', 'Te Uku'],
});

export const testContext: EmailContext = {
  practice: testPractice,
  publicUrl: 'https://book.example.nz',
  notifyTo: 'bookings@example.nz',
};

export function testBooking(over: Partial<Booking> = {}): Booking {
  return {
    id: 42,
    serviceLengthId: 1,
    serviceName: 'Swedish Massage',
    date: '2025-03-05',
    time: '14:30',
    duration: 60,
    price: 8000,
    travelCost: 1000,
    distanceKm: 12.34,
    travelTimeMinutes: 15,
    isOutsideServiceArea: false,
    travelUnresolved: false,
    address: '12 Wainui Road, Raglan 3225',
    hasInjuries: false,
    injuryDetails: null,
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.nz',
    phone: '021 123 4567',
    notes: null,
    cancelToken: 'tok_abcDEF123-_xyz',
    status: 'pending',
    adminNote: null,
    createdAt: '2025-03-01T01:00:00.000Z',
    expiresAt: '2025-03-03T01:00:00.000Z',
    ...over,
  };
}
