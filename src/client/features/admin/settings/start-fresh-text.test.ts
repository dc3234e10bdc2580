import { describe, expect, it } from 'vitest';
import { removedText } from './start-fresh-text';

const none = { services: 0, reviews: 0, bookings: 0, clients: 0, waitlist: 0, series: 0, emails: 0 };

describe('removedText', () => {
  it('names what went, with plurals, and says so when nothing did', () => {
    expect(removedText({ ...none, services: 4, reviews: 6 })).toBe('4 services and 6 reviews removed.');
    expect(removedText({ ...none, bookings: 1, clients: 2, waitlist: 2, series: 1, emails: 3 })).toBe(
      '1 booking, 2 clients, 2 waitlist entries, 1 regular series and 3 e-mails removed.',
    );
    expect(removedText({ ...none, waitlist: 1, series: 2 })).toBe('1 waitlist entry and 2 regular series removed.');
    expect(removedText(none)).toBe('There was nothing to remove.');
  });
});
