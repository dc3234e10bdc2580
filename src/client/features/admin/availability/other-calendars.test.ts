import { describe, expect, it } from 'vitest';
import {
  calendarKindLabel,
  countsText,
  formatNzShort,
  lastErrorText,
  lastSyncedText,
  shortCalendarUrl,
  skippedText,
  syncSummary,
  timeAgo,
} from './other-calendars';

// Tuesday 3 December 2024, 3:00 PM in Auckland (NZDT, UTC+13) is 02:00 UTC: the unit tests run in Los Angeles.
const TUE_3PM_NZ = '2024-12-03T02:00:00.000Z';

describe('shortCalendarUrl (the secret path is never shown)', () => {
  it('keeps the host only', () => {
    expect(shortCalendarUrl('https://calendar.google.com/calendar/ical/abc%40gmail.com/private-123/basic.ics')).toBe(
      'calendar.google.com…',
    );
    expect(shortCalendarUrl('webcal://p52-caldav.icloud.com/published/2/SECRET')).toBe('p52-caldav.icloud.com…');
    expect(shortCalendarUrl('https://cloud.example.nz:8443/remote.php/dav')).toBe('cloud.example.nz:8443…');
  });

  it('cuts what is not a URL', () => {
    expect(shortCalendarUrl('not a url but a long piece of text')).toBe('not a url but a long pie…');
    expect(shortCalendarUrl('short')).toBe('short');
  });
});

describe('syncSummary and formatNzShort (NZ time whatever the zone)', () => {
  it('formats an instant on the Auckland wall clock', () => {
    expect(formatNzShort(TUE_3PM_NZ)).toBe('Tue 3 Dec 3:00 PM');
    // Winter (NZST, UTC+12): 2025-07-01 09:30 NZ.
    expect(formatNzShort('2025-06-30T21:30:00.000Z')).toBe('Tue 1 Jul 9:30 AM');
  });

  it('says how many events and the next busy time', () => {
    expect(syncSummary({ eventCount: 42, nextBusyAt: TUE_3PM_NZ, skipped: {} })).toBe(
      '42 events, next: Tue 3 Dec 3:00 PM',
    );
    expect(syncSummary({ eventCount: 1, nextBusyAt: null, skipped: {} })).toBe('1 event, no busy times ahead');
  });

  it('adds the skipped events', () => {
    expect(syncSummary({ eventCount: 5, nextBusyAt: null, skipped: { 'free (transparent)': 2 } })).toBe(
      '5 events, no busy times ahead; 2 skipped: free (transparent)',
    );
    expect(skippedText({ 'free (transparent)': 2, cancelled: 1, other: 0 })).toBe(
      '3 skipped: 2 free (transparent), 1 cancelled',
    );
    expect(skippedText({})).toBeNull();
  });
});

describe('lastSyncedText, timeAgo and lastErrorText', () => {
  const now = new Date('2024-12-03T02:03:30.000Z');

  it('says how long ago, and when in NZ time', () => {
    expect(timeAgo('2024-12-03T02:03:00.000Z', now)).toBe('just now');
    expect(timeAgo(TUE_3PM_NZ, now)).toBe('3 min ago');
    expect(timeAgo('2024-12-02T23:00:00.000Z', now)).toBe('3 h ago');
    expect(timeAgo('2024-12-02T01:00:00.000Z', now)).toBe('1 day ago');
    expect(timeAgo('2024-11-28T01:00:00.000Z', now)).toBe('5 days ago');
    expect(lastSyncedText(TUE_3PM_NZ, now)).toBe('Last synced: 3 min ago (Tue 3 Dec 3:00 PM)');
    expect(lastSyncedText(null, now)).toBe('Not synced yet');
  });

  it('explains a failed sync and that the old busy times stay', () => {
    expect(
      lastErrorText({ lastError: 'The server answered 404', lastErrorAt: TUE_3PM_NZ, lastSyncedAt: TUE_3PM_NZ }, now),
    ).toBe(
      'Last sync failed 3 min ago: The server answered 404. The busy times from the last good sync still block bookings.',
    );
    expect(lastErrorText({ lastError: 'Refused.', lastErrorAt: null, lastSyncedAt: null }, now)).toBe(
      'Last sync failed: Refused. No busy times from it block bookings yet.',
    );
    expect(lastErrorText({ lastError: null, lastErrorAt: null, lastSyncedAt: null }, now)).toBeNull();
  });
});

describe('calendarKindLabel and countsText', () => {
  it('names the kind and counts', () => {
    expect(calendarKindLabel('ics')).toBe('iCal');
    expect(calendarKindLabel('caldav')).toBe('CalDAV');
    expect(countsText({ eventCount: 1, busyCount: 0, nextBusyAt: null })).toBe('1 event · 0 busy times');
    // 02:00Z on 1 December is 3:00 PM NZDT.
    expect(countsText({ eventCount: 3, busyCount: 9, nextBusyAt: '2026-12-01T02:00:00.000Z' })).toBe(
      '3 events · 9 busy times · next: Tue 1 Dec 3:00 PM',
    );
  });
});
