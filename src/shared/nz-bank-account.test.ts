import { describe, expect, it } from 'vitest';
import { bankAccountProblem, formatBankAccount } from './nz-bank-account';

describe('NZ bank account numbers', () => {
  it('accepts the specification’s examples of each algorithm, however written', () => {
    for (const a of [
      '01-902-0068389-00', // A
      '01 0902 0068389 00',
      '08-6523-1954512-001', // D
      '26-2600-0320871-032', // G
      '010902006838900',
    ]) {
      expect(bankAccountProblem(a), a).toBeNull();
    }
  });
  it('names the part that is wrong', () => {
    expect(bankAccountProblem('12-3456-0123456')).toMatch(/bank-branch-account-suffix/);
    expect(bankAccountProblem('99-0001-0123456-00')).toMatch(/99 is not a New Zealand bank/);
    expect(bankAccountProblem('12-0001-0123456-00')).toMatch(/12-0001 is not a branch/);
    expect(bankAccountProblem('01-0902-68389-00')).toMatch(/account number is 7 digits/);
    expect(bankAccountProblem('01-0902-0068389-0')).toMatch(/suffix/);
    expect(bankAccountProblem('01-0902-0068388-00')).toMatch(/check/);
  });
  it('prints it with the branch in four digits', () => {
    expect(formatBankAccount('01 902 0068389 00')).toBe('01-0902-0068389-00');
    expect(formatBankAccount('08-6523-1954512-001')).toBe('08-6523-1954512-001');
  });
});
