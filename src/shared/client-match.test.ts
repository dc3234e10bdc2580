import { describe, expect, it } from 'vitest';
import { matchText } from './client-match';

describe('matchText (how a possible match compares)', () => {
  it('names what is the same, then what differs', () => {
    expect(matchText({ same: ['e-mail'], different: ['name', 'phone'] })).toBe('same e-mail, different name and phone');
    expect(matchText({ same: ['e-mail', 'name', 'phone'], different: [] })).toBe('same e-mail, name and phone');
    expect(matchText({ same: ['name', 'phone'], different: ['e-mail'] })).toBe('same name and phone, different e-mail');
  });
});
