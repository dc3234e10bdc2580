import { describe, expect, it } from 'vitest';
import { ERROR_CODE_NAMES, isErrorCodeName } from './error-code-names';
import { ERROR_CODE_LIST } from './error-codes';

describe('error code names (issue 42)', () => {
  it('are the codes of the vocabulary, no more and no fewer', () => {
    expect([...ERROR_CODE_NAMES].sort()).toEqual([...ERROR_CODE_LIST].sort());
  });

  it('tell a code of ours from any other value', () => {
    expect(isErrorCodeName('SLOT_TAKEN')).toBe(true);
    expect(isErrorCodeName('NO_SUCH_CODE')).toBe(false);
    expect(isErrorCodeName('toString')).toBe(false);
    expect(isErrorCodeName(42)).toBe(false);
  });
});
