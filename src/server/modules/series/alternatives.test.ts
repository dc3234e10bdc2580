import { describe, expect, it } from 'vitest';
import { nearestAlternatives } from './alternatives';

describe('nearestAlternatives', () => {
  const wanted = { date: '2026-03-11', time: '10:00' };

  it('lists the same day first by closeness to the time, then the nearer days', () => {
    const offered = [
      { date: '2026-03-10', timeSlots: ['10:00', '15:00'] },
      { date: '2026-03-11', timeSlots: ['09:00', '13:00', '10:30'] },
      { date: '2026-03-12', timeSlots: ['10:30'] },
      { date: '2026-03-13', timeSlots: ['10:00'] },
    ];
    expect(nearestAlternatives(offered, wanted, { max: 10 })).toEqual([
      { date: '2026-03-11', time: '10:30' },
      { date: '2026-03-11', time: '09:00' },
      { date: '2026-03-11', time: '13:00' },
      { date: '2026-03-10', time: '10:00' },
      { date: '2026-03-12', time: '10:30' },
      { date: '2026-03-10', time: '15:00' },
      { date: '2026-03-13', time: '10:00' },
    ]);
  });

  it('takes at most 3 from one day, so the next days are offered too', () => {
    const offered = [
      { date: '2026-03-11', timeSlots: ['09:00', '09:30', '10:30', '11:00', '11:30'] },
      { date: '2026-03-12', timeSlots: ['10:00', '10:30', '11:00', '11:30'] },
    ];
    expect(nearestAlternatives(offered, wanted)).toEqual([
      { date: '2026-03-11', time: '09:30' },
      { date: '2026-03-11', time: '10:30' },
      { date: '2026-03-11', time: '09:00' },
      { date: '2026-03-12', time: '10:00' },
      { date: '2026-03-12', time: '10:30' },
      { date: '2026-03-12', time: '11:00' },
    ]);
  });

  it('keeps a few, never the wanted time itself, nothing beyond the days either side', () => {
    const offered = [
      { date: '2026-03-07', timeSlots: ['10:00'] },
      { date: '2026-03-11', timeSlots: ['10:00', '11:00', '12:00', '13:00'] },
    ];
    expect(nearestAlternatives(offered, wanted, { max: 2 })).toEqual([
      { date: '2026-03-11', time: '11:00' },
      { date: '2026-03-11', time: '12:00' },
    ]);
    expect(nearestAlternatives([{ date: '2026-03-07', timeSlots: ['10:00'] }], wanted)).toEqual([]);
  });
});
