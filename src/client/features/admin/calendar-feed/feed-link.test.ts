import { describe, expect, it } from 'vitest';
import { createdOnText, webcalUrl } from './feed-link';

describe('webcalUrl', () => {
  it('turns the https feed link into a webcal:// subscription link', () => {
    expect(webcalUrl('https://book.example.nz/api/calendar-feed/abc_-/appointments.ics')).toBe(
      'webcal://book.example.nz/api/calendar-feed/abc_-/appointments.ics',
    );
    expect(webcalUrl('http://127.0.0.1:3000/api/calendar-feed/x/appointments.ics')).toBe(
      'webcal://127.0.0.1:3000/api/calendar-feed/x/appointments.ics',
    );
  });
});

describe('createdOnText', () => {
  // This project runs in America/Los_Angeles: the date must still be New Zealand's.
  it('gives the date the link was created in New Zealand', () => {
    // 23:30 UTC on 23 November is already 24 November in Auckland (NZDT, UTC+13).
    expect(createdOnText('2026-11-23T23:30:00.000Z')).toBe('Your private feed link was created on November 24, 2026.');
    expect(createdOnText('2026-06-30T11:59:00.000Z')).toBe('Your private feed link was created on June 30, 2026.');
  });

  it('still reads well without a date', () => {
    expect(createdOnText(null)).toBe('Your private feed link is active.');
    expect(createdOnText('not a date')).toBe('Your private feed link is active.');
  });
});
