/**
 * Gift vouchers (docs/product.md §18.5, docs/decisions/039-gift-vouchers.md): the code's form, how long a
 * voucher lasts, and its status, for both sides. The server decides every figure; the client shows what it answers.
 */
import { formatLongDate, formatNzTime } from './time';

/** Crockford's base 32: no I, L, O or U, so nothing is misread when a code is typed from paper. */
export const VOUCHER_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 'GIFT' and 16 characters (80 random bits): no script finds one by guessing through a rate-limited lookup. */
export const VOUCHER_CODE_PREFIX = 'GIFT';
export const VOUCHER_CODE_RANDOM_LENGTH = 16;

/**
 * The code as typed, in its canonical letters: case, spaces and dashes do not matter, the letters Crockford reads as
 * digits (O as 0, I and L as 1) are read so, and the 'GIFT' prefix may be left out. Null when it cannot be a code.
 */
export function normaliseVoucherCode(typed: string): string | null {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '');
  const body = (plain.startsWith(VOUCHER_CODE_PREFIX) ? plain.slice(VOUCHER_CODE_PREFIX.length) : plain)
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (body.length !== VOUCHER_CODE_RANDOM_LENGTH) return null;
  for (const c of body) if (!VOUCHER_CODE_ALPHABET.includes(c)) return null;
  return `${VOUCHER_CODE_PREFIX}${body}`;
}

/** 'GIFT-7K3M-Q9TD-X2RB-HW4P': the canonical code in groups of four, as printed. */
export function formatVoucherCode(canonical: string): string {
  return canonical.match(/.{1,4}/g)!.join('-');
}

/** The least a voucher may last: the Fair Trading (Gift Card Expiry) Amendment Act 2024, in force 16 March 2026. */
export const VOUCHER_MIN_EXPIRY_MONTHS = 36;
export const VOUCHER_MAX_EXPIRY_MONTHS = 120;

/**
 * The last day a voucher sold on `soldOn` (NZ date) can be spent: the same day `months` later (the end of that
 * month when it has no such day: 29 February -> 28 February), never fewer than three years on.
 */
export function voucherExpiresOn(soldOn: string, months: number): string {
  const whole = Math.max(VOUCHER_MIN_EXPIRY_MONTHS, Math.trunc(months));
  const [y, m, d] = soldOn.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + whole;
  const year = y + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** What the public lookup and her list say of a voucher. */
export const VOUCHER_STATUSES = ['active', 'spent', 'expired'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const VOUCHER_STATUS_LABELS: Record<VoucherStatus, string> = {
  active: 'Active',
  spent: 'Spent',
  expired: 'Expired',
};

/** Spent once nothing is left; expired after its last day (NZ) with something left. */
export function voucherStatus(balanceCents: number, expiresOn: string, today: string): VoucherStatus {
  if (balanceCents <= 0) return 'spent';
  return today > expiresOn ? 'expired' : 'active';
}

/** What a visit takes from a voucher: what is left on it, at most what the visit still owes. */
export function voucherAmountFor(balanceCents: number, owedCents: number): number {
  return Math.max(0, Math.min(balanceCents, owedCents));
}

/**
 * 'Valid until 11:59 PM (NZ time) on December 20, 2029': printed on the voucher and in its e-mails, as the law asks
 * the expiry to be shown prominently; the whole last day counts, in New Zealand.
 */
export const validUntilText = (expiresOn: string) => {
  const { lead, date } = validUntilParts(expiresOn);
  return `${lead} ${date}`;
};

/** The same in two parts, for the PDF's two lines: 'Valid until 11:59 PM (NZ time) on' and 'December 20, 2029'. */
export const validUntilParts = (expiresOn: string) => ({
  lead: `Valid until ${formatNzTime('23:59')} on`,
  date: formatLongDate(expiresOn),
});
