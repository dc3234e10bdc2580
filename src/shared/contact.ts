/**
 * How a client is recognised (docs/product.md §12): an e-mail compared in lower case with spaces
 * trimmed, a phone as E.164 (New Zealand by default). Shared, so her screens spell them the same way.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export type ContactKind = 'email' | 'phone';

export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** '021 123 4567', '+64 21 123 4567' and '0211234567' are all '+64211234567'; null when not a phone number. */
export function normalisePhone(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'NZ');
  return parsed?.isValid() ? parsed.number : null;
}
