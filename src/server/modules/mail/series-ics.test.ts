import { describe, expect, it } from 'vitest';
import { nzInstant } from '@shared/time';
import { testContext } from './booking.fixture';
import { seriesIcs, type SeriesIcsInput } from './series-ics';
import { expandSeriesIcs } from './series-ics.fixture';

const NOW = new Date('2026-03-01T00:00:00Z');
const base: SeriesIcsInput = {
  id: 7,
  sequence: 0,
  serviceName: 'Swedish Massage',
  duration: 60,
  address: '12 Wainui Road, Raglan 3225',
  everyWeeks: 2,
  time: '10:00',
  occurrences: [],
};
const at = (date: string, time = '10:00') => ({ date, time });

describe('seriesIcs', () => {
  it('expands to exactly the booked visits: EXDATE for the dates without one, at 10:00 NZ across the April change', () => {
    const ics = seriesIcs(
      {
        ...base,
        occurrences: [
          { forDate: '2026-03-22', visit: at('2026-03-22') },
          { forDate: '2026-04-05', visit: null },
          { forDate: '2026-04-19', visit: at('2026-04-19') },
          { forDate: '2026-05-03', visit: at('2026-05-03') },
          { forDate: '2026-05-17', visit: null },
        ],
      },
      testContext,
      NOW,
    );
    const { uid, status, visits } = expandSeriesIcs(ics);
    expect(uid).toBe('series-7@book.example.nz');
    expect(status).toBe('CONFIRMED');
    expect(visits.map((v) => v.start)).toEqual(
      ['2026-03-22', '2026-04-19', '2026-05-03'].map((d) => nzInstant(d, '10:00').toISOString()),
    );
    expect(visits.map((v) => v.local.slice(11))).toEqual(['10:00', '10:00', '10:00']);
    expect(visits.every((v) => v.durationMinutes === 60)).toBe(true);
    expect(ics).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4');
    expect(ics).toContain('BEGIN:VTIMEZONE');
  });

  it('lays a moved visit over its date with RECURRENCE-ID', () => {
    const { visits } = expandSeriesIcs(
      seriesIcs(
        {
          ...base,
          everyWeeks: 1,
          occurrences: [
            { forDate: '2026-09-20', visit: at('2026-09-20') },
            { forDate: '2026-09-27', visit: at('2026-09-28', '14:30') },
            { forDate: '2026-10-04', visit: at('2026-10-04') },
          ],
        },
        testContext,
        NOW,
      ),
    );
    expect(visits.map((v) => v.start)).toEqual([
      nzInstant('2026-09-20', '10:00').toISOString(),
      nzInstant('2026-09-28', '14:30').toISOString(),
      nzInstant('2026-10-04', '10:00').toISOString(),
    ]);
  });

  it('is a cancelled event when no visit is left', () => {
    const ics = seriesIcs({ ...base, sequence: 3, occurrences: [{ forDate: '2026-03-22', visit: null }] }, testContext);
    const { status } = expandSeriesIcs(ics);
    expect(status).toBe('CANCELLED');
    expect(ics).toContain('SEQUENCE:3');
  });
});
