/**
 * A New Zealand bank account number (docs/product.md §19): bank (2 digits), branch (4), account (7, or 8 with a leading
 * zero) and suffix (2 or 3), each part checked, then the check digit by the algorithm the Inland Revenue's "bank
 * account number validation" specification gives the bank (the payments industry's rules, also in the
 * nz-bank-account-validator package, whose published build is broken). An account must satisfy all four before it is
 * printed on an invoice a client pays into.
 */

export interface BankAccountParts {
  bank: string;
  branch: string;
  account: string;
  suffix: string;
}

type Algorithm = 'A' | 'B' | 'D' | 'E' | 'F' | 'G' | 'X';

/** Bank -> its branch ranges and check algorithm (the specification's table). */
const BANKS: Record<string, { branches: ReadonlyArray<readonly [number, number]>; algorithm: Algorithm | 'AB' }> = {
  '01': {
    branches: [
      [1, 999],
      [1100, 1199],
      [1800, 1899],
    ],
    algorithm: 'AB',
  },
  '02': {
    branches: [
      [1, 999],
      [1200, 1299],
    ],
    algorithm: 'AB',
  },
  '03': {
    branches: [
      [1, 999],
      [1300, 1399],
      [1500, 1599],
      [1700, 1799],
      [1900, 1999],
      [7350, 7399],
    ],
    algorithm: 'AB',
  },
  '04': { branches: [[2020, 2024]], algorithm: 'AB' },
  '06': {
    branches: [
      [1, 999],
      [1400, 1499],
    ],
    algorithm: 'AB',
  },
  '08': { branches: [[6500, 6599]], algorithm: 'D' },
  '09': { branches: [[0, 0]], algorithm: 'E' },
  '10': { branches: [[5165, 5169]], algorithm: 'AB' },
  '11': {
    branches: [
      [5000, 6499],
      [6600, 8999],
    ],
    algorithm: 'AB',
  },
  '12': {
    branches: [
      [3000, 3299],
      [3400, 3499],
      [3600, 3699],
    ],
    algorithm: 'AB',
  },
  '13': { branches: [[4900, 4999]], algorithm: 'AB' },
  '14': { branches: [[4700, 4799]], algorithm: 'AB' },
  '15': { branches: [[3900, 3999]], algorithm: 'AB' },
  '16': { branches: [[4400, 4499]], algorithm: 'AB' },
  '17': { branches: [[3300, 3399]], algorithm: 'AB' },
  '18': { branches: [[3500, 3599]], algorithm: 'AB' },
  '19': { branches: [[4600, 4649]], algorithm: 'AB' },
  '20': { branches: [[4100, 4199]], algorithm: 'AB' },
  '21': { branches: [[4800, 4899]], algorithm: 'AB' },
  '22': { branches: [[4000, 4049]], algorithm: 'AB' },
  '23': { branches: [[3700, 3799]], algorithm: 'AB' },
  '24': { branches: [[4300, 4349]], algorithm: 'AB' },
  '25': { branches: [[2500, 2599]], algorithm: 'F' },
  '26': { branches: [[2600, 2699]], algorithm: 'G' },
  '27': { branches: [[3800, 3849]], algorithm: 'AB' },
  '28': { branches: [[2100, 2149]], algorithm: 'G' },
  '29': { branches: [[2150, 2299]], algorithm: 'G' },
  '30': { branches: [[2900, 2949]], algorithm: 'AB' },
  '31': { branches: [[2800, 2849]], algorithm: 'X' },
  '33': { branches: [[6700, 6799]], algorithm: 'F' },
  '35': { branches: [[2400, 2499]], algorithm: 'AB' },
  '38': { branches: [[9000, 9499]], algorithm: 'AB' },
};

/** Weights over the 18 digits bank(2) branch(4) account(8) suffix(4), and the modulus. */
const WEIGHTS: Record<Algorithm, { w: readonly number[]; mod: number; sumDigits?: boolean }> = {
  A: { w: [0, 0, 6, 3, 7, 9, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], mod: 11 },
  B: { w: [0, 0, 0, 0, 0, 0, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], mod: 11 },
  D: { w: [0, 0, 0, 0, 0, 0, 0, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0], mod: 11 },
  E: { w: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 4, 3, 2, 0, 0, 0, 1], mod: 11, sumDigits: true },
  F: { w: [0, 0, 0, 0, 0, 0, 0, 1, 7, 3, 1, 7, 3, 1, 0, 0, 0, 0], mod: 10 },
  G: { w: [0, 0, 0, 0, 0, 0, 0, 1, 3, 7, 1, 3, 7, 1, 0, 3, 7, 1], mod: 10, sumDigits: true },
  X: { w: new Array<number>(18).fill(0), mod: 1 },
};

/** '12-3456-0123456-00', '12 3456 0123456 000' or '123456012345600' -> its parts; null unless four parts of digits. */
export function bankAccountParts(text: string): BankAccountParts | null {
  const trimmed = text.trim();
  let parts = trimmed.split(/[\s-]+/);
  if (parts.length === 1 && /^\d{15,16}$/.test(trimmed)) {
    parts = [trimmed.slice(0, 2), trimmed.slice(2, 6), trimmed.slice(6, 13), trimmed.slice(13)];
  }
  if (parts.length !== 4 || !parts.every((p) => /^\d+$/.test(p))) return null;
  const [bank, branch, account, suffix] = parts as [string, string, string, string];
  return { bank, branch, account, suffix };
}

const sumOfDigits = (n: number): number => {
  let s = n;
  while (s > 9)
    s = String(s)
      .split('')
      .reduce((a, d) => a + Number(d), 0);
  return s;
};

/** Why the account is not valid, or null when it is (each part, then the check digit). */
export function bankAccountProblem(text: string): string | null {
  const parts = bankAccountParts(text);
  if (!parts) return 'Enter the account as bank-branch-account-suffix, like 12-3456-0123456-00';
  const { bank, branch, account, suffix } = parts;
  if (bank.length !== 2) return 'The bank number is 2 digits';
  const known = BANKS[bank];
  if (!known) return `${bank} is not a New Zealand bank number`;
  if (branch.length > 4) return 'The branch number is 4 digits';
  const branchNo = Number(branch);
  if (!known.branches.some(([from, to]) => branchNo >= from && branchNo <= to)) {
    return `${bank}-${branch.padStart(4, '0')} is not a branch of that bank`;
  }
  if (account.length < 7 || account.length > 8 || (account.length === 8 && !account.startsWith('0'))) {
    return 'The account number is 7 digits';
  }
  if (suffix.length < 2 || suffix.length > 3) return 'The suffix is 2 or 3 digits';
  const accountNo = Number(account);
  const algorithm: Algorithm = known.algorithm === 'AB' ? (accountNo < 990000 ? 'A' : 'B') : known.algorithm;
  const { w, mod, sumDigits } = WEIGHTS[algorithm];
  const digits = (bank + branch.padStart(4, '0') + account.padStart(8, '0') + suffix.padStart(4, '0'))
    .split('')
    .map(Number);
  let sum = 0;
  digits.forEach((d, i) => {
    const product = d * (w[i] ?? 0);
    sum += sumDigits ? sumOfDigits(product) : product;
  });
  return sum % mod === 0 ? null : 'This account number does not pass the bank’s check: check each digit';
}

/** The account as printed: '12-3456-0123456-00' (the 7-digit account, the suffix as given, at least 2 digits). */
export function formatBankAccount(text: string): string {
  const parts = bankAccountParts(text);
  if (!parts) return text.trim();
  const account = parts.account.length === 8 ? parts.account.slice(1) : parts.account;
  return `${parts.bank}-${parts.branch.padStart(4, '0')}-${account}-${parts.suffix.padStart(2, '0')}`;
}
