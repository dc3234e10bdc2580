import { describe, expect, it } from 'vitest';
import { startToOffer } from './offer-freed-times';

describe('startToOffer (docs/product.md §4 "Waitlist")', () => {
  const window = { earliest: '10:00', latest: '14:00' };

  it('offers the earliest fitting start inside the window, the latest start included', () => {
    expect(startToOffer(['09:00', '13:30', '11:00', '15:00'], window, new Set())).toBe('11:00');
    expect(startToOffer(['09:30', '14:00', '14:30'], window, new Set())).toBe('14:00');
  });

  it('never offers a start outside the window, nor one this entry was offered before', () => {
    expect(startToOffer(['09:30', '14:30'], window, new Set())).toBeNull();
    expect(startToOffer(['11:00', '12:00'], window, new Set(['11:00']))).toBe('12:00');
    expect(startToOffer(['11:00'], window, new Set(['11:00']))).toBeNull();
    expect(startToOffer([], window, new Set())).toBeNull();
  });
});
