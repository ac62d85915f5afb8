import { describe, expect, it } from 'vitest';
import { readClaims } from './token-claims';

const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

describe('readClaims', () => {
  it('reads the role and roll number of a signed token, names in any script included', () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({ role: 'student', RollNo: 230001, name: 'Ānanya ✓' })}.sig`;
    expect(readClaims(token)).toEqual({ role: 'student', RollNo: 230001, name: 'Ānanya ✓' });
  });

  it('answers null for something that is not a token', () => {
    expect(readClaims('not-a-token')).toBeNull();
    expect(readClaims('a.%%%.c')).toBeNull();
    expect(readClaims(`a.${encode(42)}.c`)).toBeNull();
  });
});
