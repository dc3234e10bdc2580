import { describe, expect, it } from 'vitest';
import { normaliseEmail, normalisePhone } from './contact';

describe('normaliseEmail', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmail('  Ana.Smith@Example.NZ ')).toBe('ana.smith@example.nz');
  });
});

describe('normalisePhone', () => {
  it('reads the spellings of one NZ mobile as one number', () => {
    for (const raw of ['021 123 4567', '+64 21 123 4567', '0211234567', ' 021-123-4567 ']) {
      expect(normalisePhone(raw)).toBe('+64211234567');
    }
  });

  it('reads a landline with its area code', () => {
    expect(normalisePhone('(09) 555 1234')).toBe('+6495551234');
  });

  it('keeps a foreign number given with its country code', () => {
    expect(normalisePhone('+61 412 345 678')).toBe('+61412345678');
  });

  it('answers null for what is not a phone number', () => {
    for (const raw of ['', 'call me', '12', '0000000000000000000']) expect(normalisePhone(raw)).toBeNull();
  });
});
