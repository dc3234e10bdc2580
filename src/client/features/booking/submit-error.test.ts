import { describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST } from '@shared/error-codes';
import { refusesTime, submitErrorKind } from './submit-error';

describe("step 3's refused request, by the server's code", () => {
  it('tells a taken time from a drive that does not fit (both 409)', () => {
    expect(submitErrorKind('SLOT_TAKEN')).toBe('slotTaken');
    expect(submitErrorKind('ROUTE_DOES_NOT_FIT')).toBe('routeDoesNotFit');
  });

  it('tells an address beyond the service area from an invalid field (both 400)', () => {
    expect(submitErrorKind('OUTSIDE_SERVICE_AREA')).toBe('outsideServiceArea');
    expect(submitErrorKind('VALIDATION_FAILED')).toBe('other');
  });

  it('treats every other answer, and a failure without a code, as a plain error', () => {
    const special = new Set(['SLOT_TAKEN', 'ROUTE_DOES_NOT_FIT', 'OUTSIDE_SERVICE_AREA']);
    for (const code of ERROR_CODE_LIST.filter((c) => !special.has(c))) expect(submitErrorKind(code)).toBe('other');
    expect(submitErrorKind(null)).toBe('other');
  });

  it('refreshes availability only when the time itself was refused', () => {
    expect(refusesTime('SLOT_TAKEN')).toBe(true);
    expect(refusesTime('ROUTE_DOES_NOT_FIT')).toBe(true);
    expect(refusesTime('OUTSIDE_SERVICE_AREA')).toBe(false);
    expect(refusesTime('IDEMPOTENCY_KEY_REUSED')).toBe(false);
    expect(refusesTime(null)).toBe(false);
  });
});
