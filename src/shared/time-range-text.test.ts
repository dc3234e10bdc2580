import { describe, expect, it } from 'vitest';
import { nzInstant } from './time';
import { clashText, timeRangeText } from './time-range-text';

// Runs under TZ=America/Los_Angeles: NZ times must not follow the process zone.
describe('timeRangeText', () => {
  it('writes one AM/PM when both ends share it', () => {
    expect(timeRangeText(nzInstant('2026-12-01', '15:00'), nzInstant('2026-12-01', '16:00'))).toBe('3:00-4:00 PM');
  });
  it('writes both across noon', () => {
    expect(timeRangeText(nzInstant('2026-12-01', '11:30'), nzInstant('2026-12-01', '12:30'))).toBe('11:30 AM-12:30 PM');
  });
  it('names the dates when the range crosses midnight', () => {
    expect(timeRangeText(nzInstant('2026-12-01', '22:00'), nzInstant('2026-12-02', '01:00'))).toBe(
      '01 Dec 2026 10:00 PM - 02 Dec 2026 1:00 AM',
    );
  });
});

describe('clashText', () => {
  it("reads 'Busy (Family), 3:00-4:00 PM' in NZ time", () => {
    const clash = {
      calendarName: 'Family',
      title: 'Busy',
      start: nzInstant('2026-12-01', '15:00').toISOString(),
      end: nzInstant('2026-12-01', '16:00').toISOString(),
      allDay: false,
    };
    expect(clashText(clash)).toBe('Busy (Family), 3:00-4:00 PM');
    expect(clashText({ ...clash, title: 'Family weekend', allDay: true })).toBe('Family weekend (Family), all day');
  });
});
