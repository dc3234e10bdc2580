/**
 * A GST number is her IRD number (docs/product.md §19): typed as IRD writes it, '123-456-789', or with spaces or none;
 * checked with its check digit (the `@fnzc/nz-ird-validator` package implements IRD's algorithm) and kept as IRD prints
 * it.
 */
import { configureValidator } from '@fnzc/nz-ird-validator';

const isValidDigits = configureValidator({ requireFormat: 'numeric' });

/** The digits alone: '49-091-850' and '49 091 850' -> '49091850'; null when anything but digits, spaces, dashes. */
export function gstDigits(text: string): string | null {
  const digits = text.trim().replace(/[\s-]+/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/** Why the number is not a valid GST number, or null when it is. */
export function gstNumberProblem(text: string): string | null {
  const digits = gstDigits(text);
  if (digits === null || digits.length < 8 || digits.length > 9) {
    return 'A GST number is 8 or 9 digits, like 123-456-789';
  }
  return isValidDigits(digits) ? null : 'This GST number does not pass IRD’s check: check each digit';
}

/** As IRD prints it: '49-091-850', '136-410-132'. */
export function formatGstNumber(text: string): string {
  const digits = gstDigits(text);
  if (digits === null) return text.trim();
  return `${digits.slice(0, -6)}-${digits.slice(-6, -3)}-${digits.slice(-3)}`;
}
