/**
 * The setup code of a site with no administrator yet (docs/product.md §2 "First run"): printed in the
 * server log at every start, asked for by /admin/setup, so a stranger who finds the new site first cannot claim it.
 *
 * It is derived from the secret key (SECRET_KEY or DATA_DIR/secret.key), not stored: every process sharing the key
 * shows the same code, a restart shows it again, and nothing in the database (or a backup of it) reveals it. 16
 * characters of Crockford's base 32 (80 bits; no I, L, O or U), in groups of four to type.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../../secret-box';

const LABEL = 'homevisit:admin-setup-code:v1';
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 16;
const GROUP = 4;

/** `XXXX-XXXX-XXXX-XXXX` for this key. */
export function setupCodeOf(box: Pick<SecretBox, 'derive'>): string {
  const bytes = box.derive(LABEL);
  let chars = '';
  // 5 bits per character from the HMAC's first 80 bits.
  for (let i = 0; i < LENGTH; i++) {
    const bit = i * 5;
    const pair = (bytes[bit >> 3]! << 8) | bytes[(bit >> 3) + 1]!;
    chars += ALPHABET[(pair >> (11 - (bit & 7))) & 31];
  }
  return chars.match(new RegExp(`.{${GROUP}}`, 'g'))!.join('-');
}

/**
 * The code as typed, in its canonical letters: case, spaces and dashes do not matter, and the letters Crockford reads
 * as digits (O as 0, I and L as 1) are read so.
 */
export function normaliseSetupCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** Whether `typed` is the code, compared in constant time (both sides hashed to the same length first). */
export function isSetupCode(typed: string, code: string): boolean {
  const digest = (s: string) => createHash('sha256').update(normaliseSetupCode(s)).digest();
  return timingSafeEqual(digest(typed), digest(code));
}
