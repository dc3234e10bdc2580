import { describe, expect, it } from 'vitest';
import type { BusyBlock } from '@shared/schemas/other-calendar';
import { busyDates, busyLine, interleaveDay, touchesDate } from './busy-blocks';

// The unit tests run in Los Angeles: every date and time below is Auckland's (NZDT, UTC+13, in December).
const block = (start: string, end: string, extra: Partial<BusyBlock> = {}): BusyBlock => ({
  calendarId: 1,
  calendarName: 'Family',
  title: 'School run',
  start,
  end,
  allDay: false,
  ...extra,
});
// Tuesday 3 December 2024, 3:00-4:00 PM NZ.
const schoolRun = block('2024-12-03T02:00:00.000Z', '2024-12-03T03:00:00.000Z');
// Saturday 7 and Sunday 8 December, all day NZ (midnight to midnight).
const weekend = block('2024-12-06T11:00:00.000Z', '2024-12-08T11:00:00.000Z', {
  allDay: true,
  title: 'Family weekend',
});

describe('busyLine (NZ time whatever the zone)', () => {
  it('shows the times, the title and the calendar', () => {
    expect(busyLine(schoolRun, '2024-12-03')).toBe('3:00-4:00 PM · School run · Family');
  });

  it("says 'All day' for an all-day event", () => {
    expect(busyLine(weekend, '2024-12-07')).toBe('All day · Family weekend · Family');
  });

  it('names the other date of a block that crosses midnight', () => {
    // Monday 2 December 10:00 PM to Tuesday 3 December 1:00 AM NZ.
    const late = block('2024-12-02T09:00:00.000Z', '2024-12-02T12:00:00.000Z', { title: '' });
    expect(busyLine(late, '2024-12-03')).toBe('Mon 2 Dec 10:00 PM - 1:00 AM · Family');
  });
});

describe('busyDates and touchesDate', () => {
  it('marks every NZ date a block covers, an end at midnight not reaching the next date', () => {
    expect([...busyDates([schoolRun, weekend])].sort()).toEqual(['2024-12-03', '2024-12-07', '2024-12-08']);
    expect(touchesDate(weekend, '2024-12-06')).toBe(false);
    expect(touchesDate(weekend, '2024-12-09')).toBe(false);
    expect(touchesDate(schoolRun, '2024-12-03')).toBe(true);
  });

  it('reads a bare date as NZ midnight', () => {
    const day = block('2024-12-10', '2024-12-11', { allDay: true });
    expect([...busyDates([day])]).toEqual(['2024-12-10']);
  });
});

describe('interleaveDay', () => {
  const booking = (id: number, time: string) => ({ id, time });

  it('puts all-day blocks first, then everything by its NZ start; a tie puts the appointment first', () => {
    const sunday = block('2024-12-07T20:00:00.000Z', '2024-12-07T21:00:00.000Z', { title: 'Brunch' }); // 9:00 AM
    const tie = block('2024-12-08T01:00:00.000Z', '2024-12-08T02:00:00.000Z', { title: 'Tie' }); // 2:00 PM
    const items = interleaveDay([booking(1, '08:00'), booking(2, '14:00')], [tie, sunday, weekend], '2024-12-08');
    expect(items.map((i) => (i.kind === 'booking' ? i.booking.id : i.block.title))).toEqual([
      'Family weekend',
      1,
      'Brunch',
      2,
      'Tie',
    ]);
  });

  it('leaves out blocks of other dates', () => {
    expect(interleaveDay([booking(1, '10:00')], [schoolRun], '2024-12-04')).toHaveLength(1);
  });
});
