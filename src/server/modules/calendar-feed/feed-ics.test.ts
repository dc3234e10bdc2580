import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { occupiedRange } from '../visits/occupied-range';
import { bookingIcs } from '../mail/ics';
import { testBooking, testContext } from '../mail/booking.fixture';
import { eventDescription, feedIcs, feedWindowStart, FEED_PAST_DAYS, type FeedBooking } from './feed-ics';
import { FEED_TOKEN_RE, hashFeedToken, isWellFormedFeedToken, newFeedToken } from './token';

const CTX = { practiceName: 'Whāingaroa Mobile Massage', publicUrl: 'https://book.example.nz' };
const UPDATED = new Date('2025-03-01T02:03:04.567Z');

function feedBooking(over: Partial<FeedBooking> = {}): FeedBooking {
  const { startsAt, endsAt } = occupiedRange('2025-03-05', '14:30', 60, 0);
  return {
    id: 42,
    status: 'confirmed',
    serviceName: 'Swedish Massage',
    duration: 60,
    price: 8000,
    travelCost: 1000,
    address: '12 Wainui Road, Raglan 3225',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.nz',
    phone: '021 123 4567',
    notes: null,
    startsAt,
    endsAt,
    createdAt: new Date('2025-02-28T20:00:00Z'),
    updatedAt: UPDATED,
    expiredAt: null,
    icsSequence: 0,
    ...over,
  };
}

function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const vevents = calendar.getAllSubcomponents('vevent');
  return { calendar, vevents, events: vevents.map((v) => new ICAL.Event(v)) };
}
const timeOf = (c: ICAL.Component, name: string) => (c.getFirstPropertyValue(name) as ICAL.Time).toString();

describe('feedIcs', () => {
  it('is one VCALENDAR named after the practice, refreshed every 15 minutes, with CRLF line endings', () => {
    const ics = feedIcs([feedBooking()], CTX);
    const { calendar } = read(ics);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Homevisit//Calendar feed//EN');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Whāingaroa Mobile Massage appointments');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Pacific/Auckland');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT15M');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT15M');
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('with no bookings is still a valid, empty calendar', () => {
    const { calendar, vevents } = read(feedIcs([], CTX));
    expect(calendar.name).toBe('vcalendar');
    expect(vevents).toEqual([]);
  });

  it('gives each booking the UID of its e-mail attachment, its SEQUENCE and times from updated_at', () => {
    const b = feedBooking({ icsSequence: 3 });
    const { vevents, events } = read(feedIcs([b, feedBooking({ id: 43 })], CTX));
    expect(events.map((e) => e.uid)).toEqual(['booking-42@book.example.nz', 'booking-43@book.example.nz']);
    // The same event as the one the client's confirmation e-mail carries.
    const attachment = read(bookingIcs(testBooking({ id: 42 }), testContext)).events[0]!;
    expect(attachment.uid).toBe(events[0]!.uid);
    expect(events[0]!.sequence).toBe(3);
    expect(timeOf(vevents[0]!, 'dtstamp')).toBe('2025-03-01T02:03:04Z');
    expect(timeOf(vevents[0]!, 'last-modified')).toBe('2025-03-01T02:03:04Z');
    expect(timeOf(vevents[0]!, 'dtstart')).toBe('2025-03-05T01:30:00Z');
    expect(timeOf(vevents[0]!, 'dtend')).toBe('2025-03-05T02:30:00Z');
  });

  it.each([
    ['confirmed', {}, 'CONFIRMED', 'Swedish Massage – Jane Doe', 'OPAQUE'],
    ['pending', { status: 'pending' }, 'TENTATIVE', 'Pending: Swedish Massage – Jane Doe', 'OPAQUE'],
    ['cancelled', { status: 'cancelled' }, 'CANCELLED', 'Cancelled: Swedish Massage – Jane Doe', 'TRANSPARENT'],
    ['declined', { status: 'rejected' }, 'CANCELLED', 'Declined: Swedish Massage – Jane Doe', 'TRANSPARENT'],
    [
      'expired',
      { status: 'rejected', expiredAt: UPDATED },
      'CANCELLED',
      'Expired: Swedish Massage – Jane Doe',
      'TRANSPARENT',
    ],
  ] as const)('a %s booking is STATUS:%s', (_name, over, status, summary, transp) => {
    const { vevents, events } = read(feedIcs([feedBooking(over)], CTX));
    expect(vevents[0]!.getFirstPropertyValue('status')).toBe(status);
    expect(events[0]!.summary).toBe(summary);
    expect(vevents[0]!.getFirstPropertyValue('transp')).toBe(transp);
  });

  it('describes the client, the money, notes and the admin link, and nothing about health', () => {
    // A whole booking row, health fields and all, as the feed's query might hand it over.
    const b = { ...feedBooking({ notes: 'Gate code 1234' }), hasInjuries: true, injuryDetails: 'Sore left shoulder' };
    const { events } = read(feedIcs([b], CTX));
    const description = events[0]!.description;
    expect(description).toBe(eventDescription(b, CTX.publicUrl));
    for (const text of [
      'Client: Jane Doe',
      'Phone: 021 123 4567',
      'Email: jane@example.nz',
      'Duration: 60 minutes',
      'Price: $80.00',
      'Travel fee: $10.00',
      'Total: $90.00',
      'Notes: Gate code 1234',
      'Manage: https://book.example.nz/admin/appointments',
    ]) {
      expect(description).toContain(text);
    }
    expect(events[0]!.location).toBe('12 Wainui Road, Raglan 3225');
    // A calendar app syncs this to other devices and services: health stays on her screens (docs/product.md §13).
    expect(description).not.toContain('Sore left shoulder');
    expect(description).not.toMatch(/injur/i);
    expect(eventDescription({ ...feedBooking(), hasInjuries: true } as FeedBooking, CTX.publicUrl)).not.toMatch(
      /injur/i,
    );
    expect(eventDescription(feedBooking({ status: 'pending' }), CTX.publicUrl)).toContain('Not confirmed yet');
  });

  it('escapes what clients typed and folds long lines at 75 octets without splitting a character', () => {
    const notes = 'Park on the left; ring twice, then wait\\knock.\nSecond line: ' + 'ā'.repeat(80);
    const b = feedBooking({ firstName: 'Mere, Jr;', address: 'Flat 2, 5 Long Road; Raglan', notes });
    const ics = feedIcs([b], CTX);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(ics).toContain('LOCATION:Flat 2\\, 5 Long Road\\; Raglan');
    const { events } = read(ics);
    expect(events[0]!.summary).toBe('Swedish Massage – Mere, Jr; Doe');
    expect(events[0]!.location).toBe('Flat 2, 5 Long Road; Raglan');
    expect(events[0]!.description).toContain(`Notes: ${notes}`);
  });
});

describe('the feed window', () => {
  it(`starts ${FEED_PAST_DAYS} days before now`, () => {
    expect(feedWindowStart(new Date('2025-06-30T00:00:00Z')).toISOString()).toBe('2025-04-01T00:00:00.000Z');
  });
});

describe('feed tokens', () => {
  it('are 32 random bytes in base64url, different each time', () => {
    const a = newFeedToken();
    expect(a).toMatch(FEED_TOKEN_RE);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newFeedToken()).not.toBe(a);
  });

  it('are stored as a hex SHA-256', () => {
    expect(hashFeedToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('are refused without a lookup when they cannot be one', () => {
    expect(isWellFormedFeedToken(newFeedToken())).toBe(true);
    for (const bad of ['', 'short', 'x'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`, undefined, 42]) {
      expect(isWellFormedFeedToken(bad)).toBe(false);
    }
  });
});
