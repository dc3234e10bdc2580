import { describe, expect, it } from 'vitest';
import { formatGstNumber, gstNumberProblem } from './nz-gst-number';

describe('GST numbers', () => {
  it('accepts IRD’s valid examples however they are spaced', () => {
    for (const n of ['49091850', '49-091-850', '49 091 850', '35901981', '49098576', '136410132', '136 410-132']) {
      expect(gstNumberProblem(n), n).toBeNull();
    }
  });
  it('refuses a wrong check digit, the wrong length and other characters', () => {
    expect(gstNumberProblem('136410133')).toMatch(/check/);
    expect(gstNumberProblem('123-456-789')).toMatch(/check/);
    expect(gstNumberProblem('9125568')).toMatch(/8 or 9 digits/);
    expect(gstNumberProblem('49/091/850')).toMatch(/8 or 9 digits/);
  });
  it('prints it as IRD does', () => {
    expect(formatGstNumber('49 091 850')).toBe('49-091-850');
    expect(formatGstNumber('136410132')).toBe('136-410-132');
  });
});
