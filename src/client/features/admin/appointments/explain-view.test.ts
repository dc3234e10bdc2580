import { describe, expect, it } from 'vitest';
import type { AvailabilityExplanation } from '@shared/schemas/other-calendar';
import { durationChoices, explainRows, explainSearch, offeredSummary } from './explain-view';

const answer: AvailabilityExplanation = {
  date: '2024-12-03',
  durationMinutes: 60,
  located: null,
  slots: [
    { time: '09:00', offered: true, reasons: [] },
    {
      time: '15:00',
      offered: false,
      reasons: [
        { code: 'EXTERNAL_BUSY', message: 'Busy in Family (School run)' },
        { code: 'ROUTE', message: 'Not enough time to drive from the 2:00 PM visit' },
      ],
    },
    { time: '17:30', offered: true, reasons: [] },
  ],
};

describe('explainRows and offeredSummary', () => {
  it('shows every time as 12-hour, with its reasons', () => {
    const rows = explainRows(answer, 'all');
    expect(rows.map((r) => r.time)).toEqual(['9:00 AM', '3:00 PM', '5:30 PM']);
    expect(rows[1]).toMatchObject({ offered: false, reasons: answer.slots[1]!.reasons });
  });

  it('keeps only the offered times when asked', () => {
    expect(explainRows(answer, 'offered').map((r) => r.time)).toEqual(['9:00 AM', '5:30 PM']);
  });

  it('counts the offered times', () => {
    expect(offeredSummary(answer)).toBe('2 of 3 times offered on Tue 3 Dec (60 min visit)');
  });
});

describe('durationChoices and explainSearch', () => {
  it("lists the service's durations", () => {
    const service = {
      id: 2,
      duration: 60,
      price: 8000,
      durationOptions: [
        { duration: 60, price: 8000 },
        { duration: 90, price: 11000 },
      ],
    };
    expect(durationChoices(service)).toEqual([
      { value: '60', label: '60 min' },
      { value: '90', label: '90 min' },
    ]);
    expect(durationChoices(undefined)).toEqual([]);
  });

  it('sends only what she gave', () => {
    expect(explainSearch({ date: '2024-12-03', address: '  ' })).toBe('date=2024-12-03');
    expect(explainSearch({ date: '2024-12-03', address: '1 Queen St, Auckland', serviceId: 2, duration: 90 })).toBe(
      'date=2024-12-03&address=1+Queen+St%2C+Auckland&serviceId=2&duration=90',
    );
  });
});
