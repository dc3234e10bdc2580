import { describe, expect, it } from 'vitest';
import {
  approvalBreaksRoute,
  beyondServiceAreaInline,
  manualAddressHint,
  outsideServiceArea,
  OUTSIDE_SERVICE_AREA,
  ROUTE_DOES_NOT_FIT,
} from './messages';
import { ROUTE_MISFITS } from './schemas/booking';

describe('route refusals name their real cause (issue 40)', () => {
  it('tell a visitor which drive does not fit, each in its own words', () => {
    const texts = ROUTE_MISFITS.map((cause) => ROUTE_DOES_NOT_FIT[cause]);
    expect(new Set(texts).size).toBe(ROUTE_MISFITS.length);
    // The drive from base on an empty morning is not blamed on other visits; the day's ends say which way to move.
    expect(ROUTE_DOES_NOT_FIT['from-base']).toMatch(/start of her day\. Please choose a later time\.$/);
    expect(ROUTE_DOES_NOT_FIT['from-base']).not.toMatch(/visit|appointment/);
    expect(ROUTE_DOES_NOT_FIT['to-base']).toMatch(
      /drive home .* end of her working day\. Please choose an earlier time\.$/,
    );
    expect(ROUTE_DOES_NOT_FIT['gap-before']).toContain('from her appointment before it');
    expect(ROUTE_DOES_NOT_FIT['gap-after']).toContain('to her next appointment that day');
  });

  it('tell her why an approval would break the day, with the grace she set', () => {
    expect(approvalBreaksRoute('from-base', 60)).toBe(
      "This request can't be approved: there isn't enough time to drive to it from base after opening.",
    );
    expect(approvalBreaksRoute('to-base', 45)).toBe(
      "This request can't be approved: there isn't enough time to drive back to base from it by 45 min after closing.",
    );
    expect(approvalBreaksRoute('gap-before', 60)).toContain('from the visit before it');
    expect(approvalBreaksRoute('gap-after', 60)).toContain('to the next visit that day');
    expect(approvalBreaksRoute('overlap', 60)).toBe(
      "This request can't be approved: it overlaps another visit that day.",
    );
  });
});

describe('her service area and towns in the visitor’s texts (issue 40)', () => {
  it('names her distance, the specification’s 50 km by default', () => {
    expect(outsideServiceArea()).toBe(OUTSIDE_SERVICE_AREA);
    expect(OUTSIDE_SERVICE_AREA).toContain('beyond 50km');
    expect(outsideServiceArea(40)).toContain('beyond 40km from our business');
    expect(beyondServiceAreaInline(40)).toBe('Booking cannot be completed for addresses outside our 40km service area');
  });
  it('the manual-address hint keeps the specification’s words for two towns and reads right for any other number', () => {
    expect(manualAddressHint(1000, ['Raglan', 'Te Uku'])).toBe(
      'A $10 travel fee may apply outside the two local towns',
    );
    expect(manualAddressHint(1000)).toBe('A $10 travel fee may apply outside the two local towns');
    expect(manualAddressHint(1000, ['A', 'B', 'C', 'D'])).toBe('A $10 travel fee may apply outside the local towns');
    expect(manualAddressHint(1550, ['Paraparaumu'])).toBe('A $15.50 travel fee may apply outside Paraparaumu');
    expect(manualAddressHint(1000, [])).toBe('A $10 travel fee may apply');
    expect(manualAddressHint(0, ['A', 'B'])).toBe('A travel fee may apply further away than the two local towns');
  });
});
