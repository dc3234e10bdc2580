import { describe, expect, it } from 'vitest';
import { nzMobileE164 } from './nz-mobile';

describe('nzMobileE164', () => {
  it('writes a New Zealand mobile as E.164 however it is typed', () => {
    for (const typed of ['021 123 4567', '0211234567', '+64 21 123 4567', '(021) 123-4567', '027 555 0101'])
      expect(nzMobileE164(typed)).toMatch(/^\+642\d{7,9}$/);
    expect(nzMobileE164('021 123 4567')).toBe('+64211234567');
  });

  it('refuses landlines, free phones and other countries', () => {
    for (const typed of ['04 123 4567', '09 379 0000', '0800 123 456', '+61 412 345 678', '+1 415 555 2671', 'call me'])
      expect(nzMobileE164(typed)).toBeNull();
  });
});
