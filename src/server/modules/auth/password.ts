/**
 * Password hashing with scrypt from node:crypto at the OWASP-recommended cost
 * (N=2^17, r=8, p=1: https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html).
 * The parameters are stored with each hash, so they can be raised later.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  logN: number;
  r: number;
  p: number;
}

export const DEFAULT_COST: ScryptCost = { logN: 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** 'scrypt$17$8$1$<salt>$<hash>' (base64url parts). */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.logN, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** One dummy hash per cost, made once. */
const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the same time as a real check when the username does not exist, so the answer time does not tell which part
 * of the credentials was wrong: at the cost of `likeHash` (her account's hash: a hash made at an older or another cost
 * checks in another time), or at the default cost when there is no account.
 */
export async function verifyAgainstDummy(password: string, likeHash: string | null = null): Promise<false> {
  const cost = (likeHash && costOf(likeHash)) || DEFAULT_COST;
  const key = `${cost.logN}$${cost.r}$${cost.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password-' + randomBytes(8).toString('hex'), cost);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}

/** The cost stored in a hash ('scrypt$17$8$1$...'), or null for a hash this module did not write. */
export function costOf(stored: string): ScryptCost | null {
  const [kind, logN, r, p] = stored.split('$');
  const cost = { logN: Number(logN), r: Number(r), p: Number(p) };
  const sane = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  return kind === 'scrypt' && sane(cost.logN, 20) && sane(cost.r, 32) && sane(cost.p, 16) ? cost : null;
}
