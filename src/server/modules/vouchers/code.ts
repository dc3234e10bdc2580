/**
 * A voucher's code (docs/decisions/039-gift-vouchers.md): 'GIFT' and 16 characters of Crockford's base 32 drawn from
 * 80 random bits, printed in groups of four. Only its SHA-256 is stored: the lookup hashes what was typed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_PREFIX, VOUCHER_CODE_RANDOM_LENGTH } from '@shared/vouchers';

/** A new canonical code ('GIFT7K3MQ9TDX2RBHW4P'). */
export function newVoucherCode(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random((VOUCHER_CODE_RANDOM_LENGTH * 5) / 8);
  let chars = '';
  for (let i = 0; i < VOUCHER_CODE_RANDOM_LENGTH; i++) {
    const bit = i * 5;
    const pair = (bytes[bit >> 3]! << 8) | (bytes[(bit >> 3) + 1] ?? 0);
    chars += VOUCHER_CODE_ALPHABET[(pair >> (11 - (bit & 7))) & 31];
  }
  return `${VOUCHER_CODE_PREFIX}${chars}`;
}

/** What is stored and looked up: the canonical code's SHA-256, in hex. */
export const voucherCodeHash = (canonical: string) => createHash('sha256').update(canonical).digest('hex');

/** Her list names a voucher by its last four characters. */
export const voucherCodeHint = (canonical: string) => canonical.slice(-4);
