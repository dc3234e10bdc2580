import { telHref as telUrl } from '@/lib/phone-text';
import { describe, expect, it } from 'vitest';
import {
  appleMapsUrl,
  driveText,
  googleMapsUrl,
  isAppleDevice,
  lastUpdatedText,
  sheetDate,
  sheetSummary,
  visitTimes,
} from './sheet-view';

describe('the day sheet’s words', () => {
  it('takes Today and Tomorrow on the NZ calendar, whatever the phone’s zone', () => {
    // 11:30 PM on 30 Nov UTC is 12:30 PM on 1 Dec in Auckland (NZDT).
    const now = new Date('2026-11-30T23:30:00Z');
    expect(sheetDate('today', now)).toBe('2026-12-01');
    expect(sheetDate('tomorrow', now)).toBe('2026-12-02');
  });

  it('says when it was last updated in NZ time', () => {
    const at = '2026-11-30T18:42:00Z'; // 7:42 AM on 1 Dec in Auckland
    expect(lastUpdatedText(at, new Date('2026-11-30T20:00:00Z'))).toBe('Last updated 7:42 AM');
    expect(lastUpdatedText(at, new Date('2026-12-01T20:00:00Z'))).toBe('Last updated Tue 1 Dec, 7:42 AM');
    expect(visitTimes({ startsAt: '2026-11-30T21:00:00Z', endsAt: '2026-11-30T22:00:00Z' })).toBe(
      '10:00 AM – 11:00 AM',
    );
  });

  it('writes the drive and the day’s total', () => {
    expect(driveText({ driveFromPreviousMinutes: 12.4, driveKm: 9.44 }, false)).toBe('Drive 12 min, 9.4 km');
    expect(driveText({ driveFromPreviousMinutes: 5, driveKm: 3 }, true)).toBe('From base 5 min, 3.0 km');
    expect(driveText({ driveFromPreviousMinutes: null, driveKm: null }, false)).toBeNull();
    expect(sheetSummary({ visits: [{}, {}, {}] as never, totalKm: 34.25 })).toBe('3 visits · 34.3 km');
    expect(sheetSummary({ visits: [{}] as never, totalKm: 0 })).toBe('1 visit · 0.0 km');
  });

  it('links to directions and the phone', () => {
    const address = '12 Bow Street, Raglan & Co';
    expect(googleMapsUrl(address)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=12%20Bow%20Street%2C%20Raglan%20%26%20Co',
    );
    expect(appleMapsUrl(address)).toBe('https://maps.apple.com/?daddr=12%20Bow%20Street%2C%20Raglan%20%26%20Co');
    expect(telUrl(' +64 21 555 0123 ')).toBe('tel:+64215550123');
    expect(isAppleDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', 5)).toBe(true);
    expect(isAppleDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isAppleDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
    expect(isAppleDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8)', 5)).toBe(false);
  });
});
