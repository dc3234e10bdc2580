import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, isMultiLineText, isSingleLineText, multiLine, singleLine } from './text';

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const MARKS = ['\u200E', '\u200F', '\u061C'];
const CONTROLS = ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u009B'];

describe('single-line text', () => {
  it('takes names, addresses and e-mail as people write them', () => {
    for (const text of ['Ana Smith', 'Māori Tūī', "O'Brien-Ngata", '12/3 Bow St, Raglan 3225', 'محمد', 'José 😊'])
      expect(isSingleLineText(text), text).toBe(true);
  });

  it('refuses line breaks, tabs, other controls and bidirectional characters', () => {
    for (const c of ['\n', '\r', '\t', '\u2028', '\u2029', ...BIDI, ...MARKS, ...CONTROLS])
      expect(isSingleLineText(`Ana${c}Smith`), JSON.stringify(c)).toBe(false);
  });
});

describe('multi-line text', () => {
  it('takes line breaks (\\n and \\r\\n) and tabs', () => {
    expect(isMultiLineText('Dog at the gate.\nPark on the street.\r\n\tThanks')).toBe(true);
  });

  it('refuses the other controls and bidirectional characters', () => {
    for (const c of [...BIDI, ...MARKS, ...CONTROLS])
      expect(isMultiLineText(`notes${c}here`), JSON.stringify(c)).toBe(false);
  });
});

describe('in a schema', () => {
  it('answers with the one message', () => {
    const name = z
      .string()
      .trim()
      .refine(...singleLine);
    const notes = z
      .string()
      .trim()
      .refine(...multiLine);
    expect(name.safeParse('\u202Egnp.exe').error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(name.safeParse('Ana').success).toBe(true);
    expect(notes.safeParse('a\nb').success).toBe(true);
    expect(notes.safeParse('a\u0000b').error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });
});
