import { describe, expect, it } from 'vitest';
import { formatVoucherCode, normaliseVoucherCode } from '@shared/vouchers';
import { newVoucherCode, voucherCodeHash, voucherCodeHint } from './code';

describe('voucher codes', () => {
  it("are 'GIFT' and 16 Crockford characters, read back from how they are printed", () => {
    const code = newVoucherCode();
    expect(code).toMatch(/^GIFT[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(normaliseVoucherCode(formatVoucherCode(code))).toBe(code);
    expect(normaliseVoucherCode(formatVoucherCode(code).toLowerCase().replace(/-/g, ' '))).toBe(code);
  });

  it('use every one of the 80 random bits (all ones and all zeros give the alphabet ends)', () => {
    expect(newVoucherCode((n) => Buffer.alloc(n, 0xff))).toBe(`GIFT${'Z'.repeat(16)}`);
    expect(newVoucherCode((n) => Buffer.alloc(n, 0))).toBe(`GIFT${'0'.repeat(16)}`);
    // One bit set in the last byte changes only the last character.
    const last = Buffer.alloc(10, 0);
    last[9] = 1;
    expect(newVoucherCode(() => last)).toBe(`GIFT${'0'.repeat(15)}1`);
  });

  it('differ from one another (1,000 drawn, none twice)', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newVoucherCode()));
    expect(codes.size).toBe(1000);
  });

  it('are stored as a hash and named by their last four characters', () => {
    const code = 'GIFT7K3MQ9TDX2RBHW4P';
    expect(voucherCodeHash(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(voucherCodeHash(code)).not.toContain(code.toLowerCase());
    expect(voucherCodeHint(code)).toBe('HW4P');
  });

  it('read O as 0 and I, L as 1, and refuse what cannot be a code', () => {
    expect(normaliseVoucherCode('gift-7k3m-q9td-x2rb-hw4p')).toBe('GIFT7K3MQ9TDX2RBHW4P');
    expect(normaliseVoucherCode('7K3M Q9TD X2RB HW4P')).toBe('GIFT7K3MQ9TDX2RBHW4P');
    expect(normaliseVoucherCode('GIFT-OOOO-IIII-LLLL-0000')).toBe('GIFT0000111111110000');
    expect(normaliseVoucherCode('GIFT-7K3M-Q9TD-X2RB')).toBeNull();
    expect(normaliseVoucherCode('GIFT-7K3M-Q9TD-X2RB-HW4U')).toBeNull();
    expect(normaliseVoucherCode('')).toBeNull();
  });
});
