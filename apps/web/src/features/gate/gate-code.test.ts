import { describe, expect, it } from 'vitest';
import { formatGateCode, normaliseGateCode } from '@campus/contract';

describe('a gate code, as people read and type it', () => {
  it.each([
    ['5MFAYK92', '5MFA YK92'],
    ['5mfayk92', '5MFA YK92'],
    ['5MFA YK92', '5MFA YK92'],
    ['  5mfa-yk92 ', '5MFA YK92'],
    ['5M FA Y K92', '5MFA YK92'],
    ['7KQ4M2XP', '7KQ4 M2XP'],
    ['ZZ', 'ZZ'],
    ['ABCD', 'ABCD'],
    ['ABCDE', 'ABCD E'],
    ['', ''],
  ])('shows %j as %j', (typed, shown) => {
    expect(formatGateCode(typed)).toBe(shown);
  });

  it.each([
    ['5mfa yk92', '5MFAYK92'],
    ['5MFA-YK92', '5MFAYK92'],
    [' 5mfaYK92\t', '5MFAYK92'],
    ['zz', 'ZZ'],
  ])('reads %j as the stored %j', (typed, stored) => {
    expect(normaliseGateCode(typed)).toBe(stored);
  });

  it('reads a code shown grouped back as the code itself', () => {
    expect(normaliseGateCode(formatGateCode('5MFAYK92'))).toBe('5MFAYK92');
  });
});
