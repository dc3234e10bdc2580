import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

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
});
