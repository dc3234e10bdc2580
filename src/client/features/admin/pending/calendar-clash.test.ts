import { describe, expect, it } from 'vitest';
import type { CalendarClash } from '@shared/schemas/other-calendar';
import { clashLine } from './calendar-clash';

// The unit tests run in Los Angeles; these are Auckland times (NZDT, UTC+13, in December).
const clash = (start: string, end: string, extra: Partial<CalendarClash> = {}): CalendarClash => ({
  calendarName: 'Family',
  title: 'School run',
  start,
  end,
  allDay: false,
  ...extra,
});

describe('clashLine (NZ time whatever the zone)', () => {
  it('names the event, its calendar and its times', () => {
    expect(clashLine(clash('2024-12-03T02:00:00.000Z', '2024-12-03T03:00:00.000Z'))).toBe(
      'Clashes with: School run (Family), 3:00-4:00 PM',
    );
  });

  it('writes both meridiems when they differ', () => {
    // 11:00 AM to 1:30 PM NZ.
    expect(clashLine(clash('2024-12-02T22:00:00.000Z', '2024-12-03T00:30:00.000Z'))).toBe(
      'Clashes with: School run (Family), 11:00 AM-1:30 PM',
    );
  });

  it("says 'all day' for an all-day event", () => {
    expect(clashLine(clash('2024-12-06T11:00:00.000Z', '2024-12-07T11:00:00.000Z', { allDay: true }))).toBe(
      'Clashes with: School run (Family), all day',
    );
  });
});
