import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../secret-box';
import { isSetupCode, normaliseSetupCode, setupCodeOf } from './setup-code';

const box = (byte: number) => createSecretBox(Buffer.alloc(32, byte));

describe('the setup code', () => {
  it('is four groups of four easy-to-type characters, the same for one key and different for another', () => {
    const code = setupCodeOf(box(1));
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(setupCodeOf(box(1))).toBe(code);
    expect(setupCodeOf(box(2))).not.toBe(code);
  });

  it('accepts the code typed in lower case, without dashes, with spaces, and O/I/L for 0/1', () => {
    const code = setupCodeOf(box(3));
    expect(isSetupCode(code, code)).toBe(true);
    expect(isSetupCode(code.toLowerCase(), code)).toBe(true);
    expect(isSetupCode(code.replace(/-/g, ''), code)).toBe(true);
    expect(isSetupCode(` ${code.replace(/-/g, ' ')} `, code)).toBe(true);
    expect(isSetupCode(code.replace(/0/g, 'o').replace(/1/g, 'l'), code)).toBe(true);
    expect(normaliseSetupCode('ab-cd o1 il')).toBe('ABCD0111');
  });

  it('refuses any other code, a part of it, and nothing', () => {
    const code = setupCodeOf(box(4));
    expect(isSetupCode(setupCodeOf(box(5)), code)).toBe(false);
    expect(isSetupCode(code.slice(0, -1), code)).toBe(false);
    expect(isSetupCode(`${code}0`, code)).toBe(false);
    expect(isSetupCode('', code)).toBe(false);
  });
});
