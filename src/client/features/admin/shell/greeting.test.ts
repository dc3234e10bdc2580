import { describe, expect, it } from 'vitest';
import { adminGreeting } from './greeting';

describe('adminGreeting', () => {
  it('greets her by her account name', () => {
    expect(adminGreeting({ name: 'Aroha Ngata', username: 'aroha' }, 'Aroha')).toBe('Welcome back, Aroha Ngata');
  });

  it("uses the practice's therapist name when the account's name is only the username", () => {
    expect(adminGreeting({ name: 'aroha', username: 'aroha' }, 'Aroha')).toBe('Welcome back, Aroha');
    expect(adminGreeting({ name: ' Aroha ', username: 'AROHA' }, 'Aroha Ngata')).toBe('Welcome back, Aroha Ngata');
  });

  it('never shows the username: a neutral greeting when no name is known', () => {
    expect(adminGreeting({ name: 'aroha', username: 'aroha' }, undefined)).toBe('Welcome back');
    expect(adminGreeting({ name: 'aroha', username: 'aroha' }, '  ')).toBe('Welcome back');
    expect(adminGreeting({ name: '', username: 'aroha' }, null)).toBe('Welcome back');
  });
});
