import { describe, expect, it } from 'vitest';
import { costOf, DEFAULT_COST, hashPassword, verifyAgainstDummy, verifyPassword } from './password';

const cheap = { logN: 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery', cheap);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts every hash and stores its parameters', async () => {
    const a = await hashPassword('same password here', cheap);
    const b = await hashPassword('same password here', cheap);
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$10$8$1$')).toBe(true);
  });

  it('uses the OWASP cost by default', async () => {
    const hash = await hashPassword('a default-cost password');
    expect(hash.startsWith('scrypt$17$8$1$')).toBe(true);
  });

  it('rejects a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });

  it('reads the cost a hash was made at, and nothing from a hash it did not write', async () => {
    expect(costOf(await hashPassword('x', cheap))).toEqual(cheap);
    expect(costOf('scrypt$99$8$1$a$b')).toBeNull();
    expect(costOf('bcrypt$10$8$1$a$b')).toBeNull();
    expect(costOf('plain-text')).toBeNull();
  });

  it('checks an unknown username at the cost of her hash, or at the default cost without one', async () => {
    // scrypt's memory grows with N: the cheap dummy is far quicker than the default one, so timing tells which ran.
    const timed = async (likeHash: string | null) => {
      const started = performance.now();
      expect(await verifyAgainstDummy('guess', likeHash)).toBe(false);
      return performance.now() - started;
    };
    const herHash = await hashPassword('her password', cheap);
    await timed(herHash);
    await timed(null);
    const cheapTime = await timed(herHash);
    const defaultTime = await timed(null);
    expect(DEFAULT_COST.logN).toBeGreaterThan(cheap.logN + 4);
    expect(defaultTime).toBeGreaterThan(cheapTime * 4);
  });
});
